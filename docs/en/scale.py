# %% [markdown]
# # What attention costs as n grows
#
# Every query looks at every key, so the work of attention pooling grows as
# $n_\text{test} \times n_\text{train}$. How much **memory** it takes depends on how the code is written. This page
# compares four ways of computing the same Nadaraya-Watson prediction, counts the bytes of their
# intermediate tensors, and shows measured time and memory as $n = n_\text{train} = n_\text{test}$
# grows from a thousand to a hundred thousand (tiled and broadcast only to twenty thousand; the
# section [Measured time and memory](#measured-time-and-memory) says why):
#
# 1. **tiled**, as the chapter teaches it ([non-parametric attention pooling](nonparametric.py)):
#    `x_test.repeat_interleave(n_train).reshape(-1, n_train)`, then scores, softmax and `matmul`;
# 2. **broadcast**: `queries[:, None] - keys[None, :]`, no tiled copy, but still full
#    $(n_\text{test}, n_\text{train})$ matrices of differences, scores and weights;
# 3. **chunked**: a block of queries against a block of keys at a time, with an *online softmax*
#    (<autoref identifier="attention_tutorial.scaling.nadaraya_watson_chunked">nadaraya_watson_chunked</autoref>);
# 4. **SDPA**: `F.scaled_dot_product_attention` with the Gaussian kernel written as a dot product
#    plus one bias per key, as on the [dot-product page](dot-product.py)
#    (<autoref identifier="attention_tutorial.scaling.nadaraya_watson_sdpa">nadaraya_watson_sdpa</autoref>).
#
# The times and memory peaks in the section “Measured time and memory” come from a benchmark run
# saved in a file (that section says how they were measured); every other number is computed by the code
# shown here.

# %%
import math

import torch

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## Four formulations, one answer
#
# First, on 2,000 training points drawn like the chapter's and 2,000 test inputs: all four forms
# agree with a float64 computation to float32 rounding.

# %%
n = 2000
# (n,)
x_train, _ = torch.sort(
    torch.rand(n) * 5,
)
noise = torch.normal(0.0, 0.5, (n,))
y_train = at.f(x_train) + noise  # (n,)
x_test = torch.rand(n) * 5  # (n,)
# the float64 reference: (n,)
reference, _ = at.nadaraya_watson(
    x_test.double(),
    x_train.double(),
    y_train.double(),
)
# the four formulations: (n,) each
tiled, _ = at.nadaraya_watson(
    x_test,
    x_train,
    y_train,
)
bcast, _ = at.nadaraya_watson_broadcast(
    x_test,
    x_train,
    y_train,
)
# small blocks, so 2,000 keys span 8
# of them
chunked = at.nadaraya_watson_chunked(
    x_test,
    x_train,
    y_train,
    chunk_size=256,
)
sdpa = at.nadaraya_watson_sdpa(
    x_test,
    x_train,
    y_train,
)
results = {
    "tiled": tiled,
    "broadcast": bcast,
    "chunked": chunked,
    "sdpa": sdpa,
}
errors = {}
for name, y_hat in results.items():
    gap = y_hat.double() - reference
    error = gap.abs().max().item()
    errors[name] = error
print(
    "max |y_hat - float64",
    "reference|:",
)
for name, error in errors.items():
    print(f"{name:>9}: {error:.1e}")

# %% [markdown]
# ## Where the memory goes
#
# The tiled form holds three $(n_\text{test}, n_\text{train})$ float32 matrices at once while the
# softmax runs: `queries_tiled`, `scores` and `attention_weights`. The broadcast form saves the tiled
# copy but makes a matrix of differences instead, so its peak is the same. Three matrices of
# $n^2$ numbers of 4 bytes each: $12 n^2$ bytes, which is 4.8 GB at $n = 20{,}000$ and 120 GB at
# $n = 100{,}000$.
#
# The chunked form never holds more than one block of scores, at most `chunk_size` × `chunk_size`
# (1024 × 1024 float32 by default, 4,194,304 bytes or about 4.2 MB). That size does not depend
# on $n$ once $n$ is at least `chunk_size`; below it, one block is the whole $n \times n$ matrix:
# printed below, 4.0 MB at $n = 1{,}000$, and 4.2 MB at both $n = 20{,}000$ and $100{,}000$.
#
# <autoref identifier="attention_tutorial.scaling.peak_intermediate_bytes">peak_intermediate_bytes</autoref>
# counts these tensors (for SDPA the scaled queries and keys and the bias row, since its blocks
# are internal):


# %%
def megabytes(n_bytes: float) -> str:
    """Bytes in MB.

    One decimal from 1 MB up; below, two
    significant digits, a trailing zero
    kept (0.30, 0.060, 0.012).
    """
    mb = n_bytes / 1e6
    if n_bytes >= 1e6:
        return f"{mb:,.1f}"
    return f"{mb:#.2g}"


formulations = (
    "tiled",
    "broadcast",
    "chunked",
    "sdpa",
)


# the bytes counted for n queries and
# n keys (n_train = n_test = n)
def counted_bytes(name, n):
    return at.peak_intermediate_bytes(
        name,
        n,
        n,
    )


# one row per formulation,
# one column per n
sizes = (1_000, 20_000, 100_000)
counted = {}
for name in formulations:
    row = []
    for m in sizes:
        n_bytes = counted_bytes(name, m)
        row.append(n_bytes)
    counted[name] = row
print("counted bytes (MB)")
texts = [f"{m:>9,}" for m in sizes]
print(f"{'n':>9}", *texts)
for name, row in counted.items():
    mbs = map(megabytes, row)
    texts = [f"{mb:>9}" for mb in mbs]
    print(f"{name:>9}", *texts)

# %% [markdown]
# ## Online softmax: one block at a time
#
# The chunked form's trick is the **online softmax**. For one block of queries it visits the keys
# block by block and keeps, per query, three running numbers: the largest score so far $m$, the sum $\ell = \sum e^{s - m}$ and the weighted sum $a = \sum e^{s - m} y$.
# When a new block brings a larger maximum $m'$, the old sums are multiplied by $e^{m - m'}$, which
# puts them on the new scale. At the end $\hat y = a / \ell$, exactly the softmax-weighted average.
# PyTorch's fused SDPA kernel does the same thing inside, in C++.
#
# Subtracting the running maximum keeps the largest term at $e^0 = 1$, which helps at both ends.
# Dot-product scores can be large and positive, and $e^{s}$ of them overflows; $e^{s - m}$ does not.
# The Gaussian score $s = -\frac{1}{2}((q - k)w)^2$ is never positive and never overflows; its
# danger is the other end. For a query far from every key all scores are very negative, every
# $e^{s}$ underflows to 0, and the plain average is $0/0$, NaN; after subtracting $m$, $\ell \ge 1$.
# (When the distance is so large that a score itself overflows to $-\infty$, `online_pool` takes
# the value of the nearest key instead: as a query moves away, its weight gathers on the nearest
# key, so that is the limit.)
#
# Here is the online softmax by hand, for one query and three keys: one key per block, and the
# running numbers printed after each key. The second key scores higher than the first, so $m$
# grows and the old $\ell$ and $a$ are first multiplied by $e^{m - m'}$; the third key scores
# lower, and $m$ stays. The final $a / \ell$ is the softmax-weighted average computed directly:

# %%
# online softmax by hand: one query,
# three keys, one key per block, w = 1
q = 1.0
keys = torch.tensor([0.0, 1.5, 3.0])
values = torch.tensor([0.5, 2.5, 3.0])
# largest score, sum of e^(s - m),
# weighted sum
m, ell, a = -math.inf, 0.0, 0.0
ks, ys = keys.tolist(), values.tolist()
for k, y in zip(ks, ys, strict=True):
    # the Gaussian score of this key
    s = -((q - k) ** 2) / 2
    m, m_old = max(m, s), m
    # old sums onto the new scale
    rescale = math.exp(m_old - m)
    p = math.exp(s - m)
    ell = ell * rescale + p
    a = a * rescale + p * y
    print(
        f"s={s:.3f} m={m:.3f}",
        f"ell={ell:.3f} a={a:.3f}",
    )
scores = -((q - keys) ** 2) / 2
weights = torch.softmax(scores, dim=0)
y_softmax = weights @ values  # ()
print(
    f"a / ell = {a / ell:.4f},",
    f"softmax: {y_softmax:.4f}",
)
# the same average
assert math.isclose(
    a / ell,
    y_softmax.item(),
    rel_tol=1e-6,
)

# %% [markdown]
# `nadaraya_watson_chunked` itself only checks its arguments and hands the work to
# <autoref identifier="attention_tutorial.scores.online_pool">online_pool</autoref>, which holds the
# loop and the three running numbers. Both sources:
#
# <!-- source: attention_tutorial.scaling.nadaraya_watson_chunked -->
#
# <!-- source: attention_tutorial.scores.online_pool -->


# %% [markdown]
# ## Measured time and memory
#
# The script `benchmarks/scale_bench.py` measured the time and peak memory of each formulation at
# each $n$. The results ship inside the package as `attention_tutorial/results/scale.json`, so
# `at.scale_measurements()` reads them wherever the package is installed (this notebook runs
# outside the repository too). The table shows the median of the runs; the lines above it name
# the machine. The times come from one shared machine, and another machine may differ
# several-fold, but on this one the slowest of a row's three runs is at most 1.63 times its
# fastest. The full-matrix forms' memory peaks are within 0.1 % of $12n^2$ in every run
# (from $n = 5{,}000$ on); the small peaks of the chunked form and SDPA, their medians a few MB,
# can vary between runs more than the times do (chunked at $n = 10{,}000$: 4.0 MB to 20.8 MB, the
# highest run 5.2 times the lowest). Both
# spreads are printed at the end of this section.
#
# <details class="note"><summary>How it was measured</summary>
#
# The script (run it with `.venv/bin/python benchmarks/scale_bench.py`;
# it takes a while) measures each formulation at each $n$ in a **fresh Python process**: it builds
# the data, warms the function up, resets the operating system's peak-RSS counter (VmHWM), times one call and reads
# the peak resident memory minus the memory before the call. (torch's allocations are invisible to
# Python's `tracemalloc`; the resident memory sees them.) The tiled and broadcast forms stop at
# $n = 20{,}000$: the next $n$, $50{,}000$, would take $12 \times 50{,}000^2$ bytes, 30 GB, more
# than the machine's memory (the first line above the table; the code below prints it, and the folded checks test it). It runs every (formulation, $n$) pair at least three times, keeps every run, and refuses to record
# when the machine's load average exceeds its number of cores.
#
# The timings come from the machine named above the table: 2 cores **shared with other jobs** while
# the script ran, one torch thread per measurement (with two threads on a busy machine, every small
# operation of the chunked form waits for the slower thread).
#
# </details>

# %%
# the package's file, from the script:
# attention_tutorial/results/scale.json
bench = at.scale_measurements()
machine = bench["machine"]
memory = machine["memory_gb"]
print(
    f"{machine['cpu']},",
    f"{machine['cores']} cores,",
    f"{memory} GB",
)
print(
    f"Python {machine['python']},",
    f"torch {machine['torch']} on",
    machine["torch_threads"],
    "thread",
)
print(
    "load average",
    machine["load_average_at_start"],
    "->",
    machine["load_average_at_end"],
    "during the run",
)
print(
    "median of",
    machine["runs_per_cell"],
    "runs per formulation and n",
)
# each formulation's rows, by n
by_name = {f: [] for f in formulations}
ordered = sorted(
    bench["rows"],
    key=lambda r: r["n"],
)
for r in ordered:
    by_name[r["formulation"]].append(r)
rows = []
for group in by_name.values():
    rows += group
print()
print(
    f"{'n':>7}",
    "time (s)",
    "peak (MB)",
    "counted (MB)",
)
for name, group in by_name.items():
    # a heading above its rows
    print(name)
    for r in group:
        peak = r["peak_bytes"]
        count = r["predicted_bytes"]
        print(
            f"{r['n']:>7,}",
            f"{r['seconds']:>8.3f}",
            f"{megabytes(peak):>9}",
            f"{megabytes(count):>12}",
        )
# why tiled and broadcast stop: their
# next n would not fit in the memory
n_full = by_name["tiled"][-1]["n"]
n_all = sorted({r["n"] for r in rows})
n_next = n_all[n_all.index(n_full) + 1]
need = counted_bytes("tiled", n_next)
print(
    "\ntiled, broadcast at",
    f"n = {n_next:,}:",
)
print(
    f"  {need / 1e9:.0f} GB >",
    f"{memory} GB of memory",
)

# %% [markdown]
# Here are the same data on log-log axes. On such axes a power law is a straight line, and its slope is the
# power. The plot shows three things:
#
# - **Time**: the work of all four forms grows as $n^2$, and so do their times, with slope 2 (at
#   small $n$ a fixed overhead dominates and the points leave that line; the cell under the figure
#   computes each form's slope from $n = 5{,}000$ on).
# - **Memory of the full-matrix forms**: tiled and broadcast grow with slope 2, almost identically
#   (the same three full matrices).
# - **Memory of chunked and SDPA**: the chunked form's median is flat from $n = 2{,}000$ on (at
#   $n = 1{,}000$ one block is only $1{,}000 \times 1{,}000$, a little smaller). SDPA stays under
#   3 MB in every run; its counted bytes ($12n$) cover only the scaled queries and keys and the
#   bias. Its medians are more: a fixed overhead of about 0.30 MB up to $n = 5{,}000$, and from
#   $n = 10{,}000$ on 2.1 to 5.2 times the count ("SDPA, median peak / counted bytes" at the end of
#   this section; that its 5.2, at $n = 10{,}000$, equals the chunked runs' spread there is a
#   coincidence). At $n = 20{,}000$ the median is 1.0 MB against a counted 0.24 MB, and the three
#   runs agree (0.93 MB to 1.0 MB), so this extra is firmly measured. At $n = 100{,}000$ the
#   median, 2.5 MB, is about twice the counted 1.2 MB, but there the three runs range from
#   1.3 MB to 2.9 MB. We did not measure what the kernel allocates inside (the output $\hat y$
#   takes only $4n$ bytes), so this extra memory is unexplained.

# %%
at.plot_scaling(rows)

# %% [markdown]
# Figure: every measured line is solid; the dotted lines on the memory chart are the counted bytes,
# each in its formulation's colour. The tiled and broadcast points all but coincide, so tiled is
# drawn with large hollow circles, which show around broadcast's small squares; the dotted lines of
# tiled, broadcast and chunked lie under their measured points, so SDPA's is the only one in view.

# %%
# the slope of time on the log-log plot,
# from n = 5,000 to the largest n
print("time ~ n^slope, from n = 5,000:")
slopes = {}
for name, group in by_name.items():
    t = {}  # seconds by n
    for r in group:
        t[r["n"]] = r["seconds"]
    n_max = max(t)
    rise = math.log(t[n_max] / t[5_000])
    run = math.log(n_max / 5_000)
    slopes[name] = rise / run
    print(
        f"{name:>9}:",
        f"n^{slopes[name]:.2f}",
        f"(to n = {n_max:,})",
    )


def seconds_at(n_row):
    """The seconds at n_row, by name."""
    found = {}
    for r in rows:
        if r["n"] == n_row:
            name = r["formulation"]
            found[name] = r["seconds"]
    return found


# the same n^2 work, not the same time:
# tiled against chunked at n = 20,000
at_20k = seconds_at(20_000)
t_tiled = at_20k["tiled"]
speedup = t_tiled / at_20k["chunked"]
print(
    "n = 20,000,",
    "tiled against chunked:",
)
print(f"  {speedup:.1f} times the time")
# the same n^2 work and both small in
# memory: chunked against SDPA at the
# largest n
n_top = max(r["n"] for r in rows)
at_top = seconds_at(n_top)
t_chunked = at_top["chunked"]
t_sdpa = at_top["sdpa"]
ratio = t_chunked / t_sdpa
print(
    f"n = {n_top:,},",
    "chunked against SDPA:",
)
print(
    f"  {t_chunked:.1f} s /",
    f"{t_sdpa:.1f} s =",
    f"{ratio:.1f} times",
)

# %% [markdown]
# The same slope is not the same time. At $n = 20{,}000$ the tiled form takes about 5 times as
# long as the chunked one ("tiled against chunked" above), although the work of both grows as $n^2$: the
# difference is mostly memory traffic. The tiled form writes three full matrices of 1.6 GB each to
# memory and reads them back; a block of the chunked form is 4 MB, small enough to stay largely
# in the processor's last-level cache (an explanation, not a measurement).
#
# There is a gap between the chunked form and SDPA too: at $n = 100{,}000$ the chunked form takes
# more than twice as long ("chunked against SDPA" above). Both do $n^2$ work and both are small in
# memory; the difference is how the work runs. The chunked form is a Python loop that calls more
# than a dozen separate PyTorch operations per block, several of which read and write the whole
# block of scores; SDPA is one fused C++ kernel that does every step in a single call.
#
# The cell below prints how much the runs' peaks and times vary, and SDPA's median peaks as
# multiples of its counted bytes; the folded cell after it checks the claims of the sections above,
# one by one: the bytes, the times, the memory, the runs and the largest $n$ measured.

# %%
# each row's peak is the median of its
# runs; a single run can be far off
run_peaks = {}
for r in rows:
    peaks = []
    for run in r["runs"]:
        peaks.append(run["peak_bytes"])
    key = r["formulation"], r["n"]
    run_peaks[key] = sorted(peaks)
print(
    "runs' peaks (MB)",
    "where they differ",
)
print(
    "by more than 20 %,",
    "lowest to highest:",
)
for key, peaks in run_peaks.items():
    name, n_row = key
    if peaks[-1] > 1.2 * peaks[0]:
        low = megabytes(peaks[0])
        high = megabytes(peaks[-1])
        print(
            f"{name:>9} {n_row:>7,}:",
            f"{low} to {high}",
        )
# the times, for comparison: each row's
# slowest run over its fastest
spreads = []
for r in rows:
    times = []
    for run in r["runs"]:
        times.append(run["seconds"])
    spread = max(times) / min(times)
    spreads.append(spread)
time_spread = max(spreads)
print("runs' times, slowest / fastest:")
print(
    f"  at most {time_spread:.2f}",
    "in any row",
)
# SDPA from n = 10,000 on: its median
# peak over its counted bytes, and its
# runs' lowest and highest peak (MB)
sdpa_rows = by_name["sdpa"]
sdpa_ratio = {}
print(
    "SDPA, median peak /",
    "counted bytes;",
)
print(
    "  its runs' lowest",
    "to highest (MB):",
)
for r in sdpa_rows:
    n_row = r["n"]
    if n_row < 10_000:
        continue
    ends = run_peaks["sdpa", n_row][::2]
    low, high = map(megabytes, ends)
    peak = r["peak_bytes"]
    count = r["predicted_bytes"]
    ratio_n = peak / count
    sdpa_ratio[n_row] = ratio_n
    print(
        f"{n_row:>9,}:",
        f"{ratio_n:.1f} times,",
        f"runs {low} to {high}",
    )

# %% fold="Checks of this page's numbers (can be skipped)"
# checks of the page's numbers above,
# one line each
# the four formulations agree up to
# float32 rounding
assert max(errors.values()) < 1e-5
# tiled: three float32 n x n matrices
tiled_20k = counted["tiled"][1]
assert tiled_20k == 3 * 20_000**2 * 4
# chunked: below chunk_size a smaller
# block, then one
chunk = counted["chunked"]
assert chunk[0] < chunk[1] == chunk[2]
# tiled and broadcast stop at 20,000:
# 50,000 would need 30 GB, more than
# the memory
assert n_full == 20_000
assert n_next == 50_000
assert round(need / 1e9) == 30
assert need > memory * 1e9
# time ~ n^2
for v in slopes.values():
    assert 1.7 < v < 2.3
# tiled "about 5 times" chunked's time
assert 4 < speedup < 6
# chunked "more than twice" SDPA's
assert 2 < ratio < 3
# the largest n each formulation was
# measured at
largest = {}
for name, group in by_name.items():
    largest[name] = group[-1]["n"]
chunked_rows = by_name["chunked"]
small = chunked_rows + sdpa_rows
small_peak = small_run = 0
for r in small:
    key = r["formulation"], r["n"]
    highest = run_peaks[key][-1]
    small_run = max(small_run, highest)
    peak = r["peak_bytes"]
    small_peak = max(small_peak, peak)
peak_mb = megabytes(small_peak)
run_mb = megabytes(small_run)
print(
    "chunked and SDPA,",
    "largest peak (MB):",
)
print(
    f"  median {peak_mb},",
    f"single run {run_mb}",
)
full = []
for name in ("tiled", "broadcast"):
    full += by_name[name]
# 12 n^2, 0.1 %, in every run
for r in full:
    if r["n"] < 5_000:
        continue
    count = r["predicted_bytes"]
    for run in r["runs"]:
        peak = run["peak_bytes"]
        share = peak / count
        assert 0.999 < share < 1.001
# three runs a row, the table's peak
# their median
for r in rows:
    key = r["formulation"], r["n"]
    peaks = run_peaks[key]
    assert len(peaks) == 3
    assert peaks[1] == r["peak_bytes"]
# chunked counts one full block from
# n = 2,000
blocks = set()
for r in chunked_rows:
    if r["n"] >= 2_000:
        blocks.add(r["predicted_bytes"])
assert len(blocks) == 1
# chunked and SDPA: at most one block
# of scores
assert small_peak <= max(blocks)
# as the text says
assert peak_mb == "4.2"
# single runs above one block: chunked
# at n = 10,000 from 4.0 to 20.8 MB
at_10k = run_peaks["chunked", 10_000]
assert at_10k[-1] == small_run
ends_mb = [megabytes(b) for b in at_10k]
assert ends_mb[::2] == ["4.0", "20.8"]
low, _, high = at_10k
# "5.2 times", as the text says
assert f"{high / low:.1f}" == "5.2"
# chunked: flat in n
peaks = []
for r in chunked_rows:
    peaks.append(r["peak_bytes"])
assert max(peaks) < 1.2 * min(peaks)
for r in sdpa_rows:
    # SDPA counts 12 n
    count = r["predicted_bytes"]
    assert count == 12 * r["n"]
    # under 3 MB, every run
    for run in r["runs"]:
        assert run["peak_bytes"] < 3e6
# far beyond
beyond = 5 * largest["tiled"]
assert largest["chunked"] >= beyond
assert largest["sdpa"] >= beyond
# SDPA measured: a fixed 0.30 MB up to
# n = 5,000
fixed = set()
for r in sdpa_rows:
    if r["n"] <= 5_000:
        mb = megabytes(r["peak_bytes"])
        fixed.add(mb)
assert fixed == {"0.30"}
# from n = 10,000 on, 2.1 to 5.2 times
# its count
ratios = sorted(sdpa_ratio.values())
assert f"{ratios[0]:.1f}" == "2.1"
assert f"{ratios[-1]:.1f}" == "5.2"
# the times' runs: the slowest at most
# 1.63 times the fastest, in every row
assert f"{time_spread:.2f}" == "1.63"
# n = 20,000: 1.0 MB against 0.24 MB,
# its three runs 0.93 to 1.0 MB
sdpa_by_n = {}
for r in sdpa_rows:
    sdpa_by_n[r["n"]] = r
row = sdpa_by_n[20_000]
peak = row["peak_bytes"]
count = row["predicted_bytes"]
assert megabytes(peak) == "1.0"
assert megabytes(count) == "0.24"
ends = run_peaks["sdpa", 20_000][::2]
ends_mb = [megabytes(b) for b in ends]
assert ends_mb == ["0.93", "1.0"]
# the largest n: about twice its count,
# but its runs from 1.3 to 2.9 MB
top = sdpa_by_n[max(sdpa_by_n)]
peak = top["peak_bytes"]
count = top["predicted_bytes"]
assert megabytes(peak) == "2.5"
assert megabytes(count) == "1.2"
assert 1.8 < peak / count < 2.3
ends = run_peaks["sdpa", top["n"]][::2]
ends_mb = [megabytes(b) for b in ends]
assert ends_mb == ["1.3", "2.9"]

# %% [markdown]
# ## Why the dot-product form loses accuracy in float32
#
# Mathematically all four forms are the same function. Numerically they are not. The tiled, broadcast
# and chunked forms compute $q - k$ first and square the small difference. SDPA computes $qk$ and
# $\frac{1}{2}k^2$ separately and subtracts them: when $q$ and $k$ are large, both are large numbers
# that almost cancel, and float32 keeps only about 7 significant digits of each. This is the
# cancellation already seen on the [dot-product page](dot-product.py) for a large $w$. Shift all the
# inputs by a constant $S$ (mathematically the distances stay the same; the float64
# reference uses the same rounded inputs, so the comparison is fair) and watch the error. The chunked
# function runs with its default `chunk_size` (1024) here, so at no shift its error is not quite the
# one printed above with `chunk_size=256`:

# %%
# SDPA float32: its error by shift
by_shift = {}
print(
    " " * 16,
    f"{'SDPA':>7} ",
    f"{'SDPA':>7}",
)
print(
    f"{'shift':>6} ",
    f"{'chunked':>7} ",
    f"{'float32':>7} ",
    f"{'float64':>7}",
)
shifts = (
    0.0,
    30.0,
    100.0,
    300.0,
    1000.0,
    3000.0,
)
for shift in shifts:
    # the same distances: (n,), (n,)
    q = x_test + shift
    k = x_train + shift
    # (n,)
    reference, _ = at.nadaraya_watson(
        q.double(),
        k.double(),
        y_train.double(),
    )
    y_ch = at.nadaraya_watson_chunked(
        q,
        k,
        y_train,
    )
    y_sdpa = at.nadaraya_watson_sdpa(
        q,
        k,
        y_train,
    )
    y_sdpa64 = at.nadaraya_watson_sdpa(
        q.double(),
        k.double(),
        y_train.double(),
    )
    gap = y_ch.double() - reference
    error_chunked = gap.abs().max()
    gap = y_sdpa.double() - reference
    error_sdpa = gap.abs().max()
    error_sdpa64 = y_sdpa64 - reference
    by_shift[shift] = error_sdpa.item()
    error_64 = error_sdpa64.abs().max()
    print(
        f"{shift:>6} ",
        f"{error_chunked:.1e} ",
        f"{error_sdpa:.1e} ",
        f"{error_64:.1e}",
    )
# the slope on a log-log plot from shift
# 30 to 3000 (x 100): 2 means
# error ~ shift^2
e_30 = by_shift[30.0]
e_3000 = by_shift[3000.0]
growth = e_3000 / e_30
slope = math.log10(growth) / 2
print("SDPA float32, shift x 100:")
print(
    f"  error x {growth:,.0f}:",
    f"error ~ shift^{slope:.2f}",
)
# checks of the text below, at shift
# 3,000
# SDPA float32 is far off
assert error_sdpa > 1000 * error_chunked
# float64 hides it
assert error_sdpa64.abs().max() < 1e-9
# error ~ shift^2
assert 1.7 < slope < 2.3

# %% [markdown]
# The distance form does not care about the shift. The dot-product form's error grows with the
# **square** of the shift: $qk$ and $\frac{1}{2}k^2$ are of the order of $S^2$, and so are their
# float32 rounding errors. Inputs 10 times larger make the error about 100 times larger, two
# significant digits lost, which is the slope of 2 printed above. Float64 (about 16 digits) hides
# the problem for a while. In practice: centre the inputs (subtract their mean) before a dot-product formulation, or keep the
# distance form, as the chunked function does.
#
# The page in one practical rule: up to a few thousand points, the chapter's tiled form is fine;
# beyond that, use SDPA (with centred inputs) or the chunked form: at $n = 50{,}000$ the
# full-matrix forms need 30 GB, more than the measuring machine had.
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.data.SEED">SEED</autoref>,
#   <autoref identifier="attention_tutorial.data.f">f</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson_broadcast">nadaraya_watson_broadcast</autoref>,
#   <autoref identifier="attention_tutorial.scaling.nadaraya_watson_chunked">nadaraya_watson_chunked</autoref>,
#   <autoref identifier="attention_tutorial.scaling.nadaraya_watson_sdpa">nadaraya_watson_sdpa</autoref>,
#   <autoref identifier="attention_tutorial.scaling.peak_intermediate_bytes">peak_intermediate_bytes</autoref>,
#   <autoref identifier="attention_tutorial.scaling.scale_measurements">scale_measurements</autoref>,
#   <autoref identifier="attention_tutorial.figures.cost.plot_scaling">plot_scaling</autoref>
# - PyTorch: `torch.manual_seed`, `torch.rand`, `torch.sort`, `torch.normal`, `torch.tensor`, `torch.softmax`, `Tensor.double`, `Tensor.abs`, `Tensor.max`, `Tensor.item`, `Tensor.tolist`
# - Python: `math.exp`, `math.log`, `math.log10`, `math.isclose`
# - Inside those functions (no cell calls them directly): `torch.nn.functional.scaled_dot_product_attention` (<autoref identifier="attention_tutorial.scaling.nadaraya_watson_sdpa">nadaraya_watson_sdpa</autoref>), <autoref identifier="attention_tutorial.scores.online_pool">online_pool</autoref> (<autoref identifier="attention_tutorial.scaling.nadaraya_watson_chunked">nadaraya_watson_chunked</autoref>)
