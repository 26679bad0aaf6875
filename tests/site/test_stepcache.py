"""The step cache: a result is reused only under the same step, inputs and code version."""

from __future__ import annotations

import os

from tools.sitebuild.stepcache import StepCache, code_version, digest


def counting(value):
    calls = []

    def make():
        calls.append(1)
        return value

    return make, calls


def test_a_result_is_reused_from_disk_by_a_new_process(tmp_path):
    make, calls = counting({"html": "<p>x</p>"})
    StepCache(tmp_path, "v1").get_or_make("finish", ["<p>", "a/"], make)
    again = StepCache(tmp_path, "v1")  # as the next build, or the English build, sees it
    assert again.get_or_make("finish", ["<p>", "a/"], make) == {"html": "<p>x</p>"}
    assert len(calls) == 1 and (again.hits, again.misses) == (1, 0)


def test_other_inputs_steps_or_code_make_the_result_again(tmp_path):
    make, calls = counting(["x"])
    StepCache(tmp_path, "v1").get_or_make("finish", ["a", "b"], make)
    StepCache(tmp_path, "v1").get_or_make("finish", ["ab"], make)  # framed: not "a" + "b"
    StepCache(tmp_path, "v1").get_or_make("content", ["a", "b"], make)
    StepCache(tmp_path, "v2").get_or_make("finish", ["a", "b"], make)
    assert len(calls) == 4


def test_the_code_version_changes_with_the_build_code(tmp_path):
    (tmp_path / "tools" / "sitebuild").mkdir(parents=True)
    (tmp_path / "tools" / "sitebuild" / "plugin.py").write_text("x = 1\n")
    before = code_version(tmp_path)
    code_version.cache_clear()
    (tmp_path / "tools" / "sitebuild" / "plugin.py").write_text("x = 2\n")
    assert code_version(tmp_path) != before
    code_version.cache_clear()


def test_memory_keeps_only_what_the_last_build_used():
    cache = StepCache(None, "v")
    cache.get_or_make("s", ["old"], lambda: 1)
    cache.new_build()
    cache.get_or_make("s", ["new"], lambda: 2)
    cache.new_build()  # "old" was not used by the last build
    assert cache.get(cache.key("s", ["new"])) == 2
    assert cache.get(cache.key("s", ["old"])) is None


def test_files_made_by_a_step_are_kept_by_content(tmp_path):
    cache = StepCache(tmp_path, "v")
    name = cache.put_blob(b"figure")
    assert StepCache(tmp_path, "v").get_blob(name) == b"figure"


def test_prune_keeps_the_most_recently_used(tmp_path):
    cache = StepCache(tmp_path, "v")
    keys = [cache.key("s", [str(i)]) for i in range(3)]
    for age, key in enumerate(keys):
        cache.put(key, age)
        path = tmp_path / key[:2] / f"{key}.json"
        os.utime(path, (1e9 - age, 1e9 - age))
    assert cache.prune(keep=2) == 1
    assert StepCache(tmp_path, "v").get(keys[2]) is None
    assert StepCache(tmp_path, "v").get(keys[0]) == 0


def test_digest_frames_each_part():
    assert digest(["a", "bc"]) != digest(["ab", "c"])
