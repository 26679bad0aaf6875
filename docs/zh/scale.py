# %% [markdown]
# # 注意力的开销随 n 的增长
#
# 每个查询都要看每个键，所以注意力汇聚的计算量与 $n_\text{test} \times n_\text{train}$ 成正比。算的时候要占多少**内存**，取决于代码怎么写。本页比较同一个 Nadaraya-Watson 预测的四种写法，数一数它们中间张量的字节数，并给出 $n = n_\text{train} = n_\text{test}$ 从一千增长到十万时实测的时间和内存（平铺和广播只测到两万，原因见“[实测的时间和内存](#实测的时间和内存)”一节）：
#
# 1. **平铺**，即本章教的写法（《[非参数注意力汇聚](nonparametric.py)》）：`x_test.repeat_interleave(n_train).reshape(-1, n_train)`，然后算分数、softmax、`matmul`；
# 2. **广播**：`queries[:, None] - keys[None, :]`，不再平铺复制，但差值、分数和权重仍然都是完整的 $(n_\text{test}, n_\text{train})$ 矩阵；
# 3. **分块**：每次只拿一块查询对一块键，配合在线 softmax（online softmax，见 <autoref identifier="attention_tutorial.scaling.nadaraya_watson_chunked">nadaraya_watson_chunked</autoref>）；
# 4. **SDPA**：`F.scaled_dot_product_attention`，像[点积页](dot-product.py)那样把高斯核写成点积加上每个键一个偏置（<autoref identifier="attention_tutorial.scaling.nadaraya_watson_sdpa">nadaraya_watson_sdpa</autoref>）。
#
# “实测的时间和内存”一节的时间和内存峰值来自一次事先跑好、存成文件的基准测试（怎么测的，那一节有说明）；其余数字都由页面上的代码算出。

# %%
import math

import torch

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## 四种写法，一个答案
#
# 先用 2,000 个按本章方式抽取的训练点和 2,000 个测试输入核对：四种写法与 float64 的计算结果只差 float32 的舍入。

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
# ## 内存花在哪里
#
# 平铺写法在 softmax 运行时同时持有三个 $(n_\text{test}, n_\text{train})$ 的 float32 矩阵：`queries_tiled`、`scores` 和 `attention_weights`。广播写法省掉了平铺的副本，却多出一个差值矩阵，所以峰值一样。三个 $n^2$ 个数的矩阵，每个数 4 字节，共 $12 n^2$ 字节：$n = 20{,}000$ 时是 4.8 GB，$n = 100{,}000$ 时是 120 GB。
#
# 分块写法任何时候最多只持有一块分数，最大是 `chunk_size` × `chunk_size`（默认 1024 × 1024 个 float32，即 4,194,304 字节，约 4.2 MB）。只要 $n$ 不小于 `chunk_size`，这个大小就与 $n$ 无关；$n$ 更小时，一块就是整个 $n \times n$ 矩阵：下面打印的 $n = 1{,}000$ 是 4.0 MB，$n = 20{,}000$ 和 $100{,}000$ 都是 4.2 MB。
#
# <autoref identifier="attention_tutorial.scaling.peak_intermediate_bytes">peak_intermediate_bytes</autoref> 数的就是这些张量（SDPA 的分块在内核内部，只计入缩放后的查询和键，以及偏置那一行）：


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
# ## 在线 softmax：一次一块
#
# 分块写法的诀窍在于**在线 softmax**。对一块查询，它一块一块地访问键，并为每个查询保存三个累计量：到目前为止的最大分数 $m$、指数和 $\ell = \sum e^{s - m}$，以及加权和 $a = \sum e^{s - m} y$。新的一块带来更大的最大值 $m'$ 时，旧的累计量乘以 $e^{m - m'}$，换到新的尺度上。最后 $\hat y = a / \ell$，正好是 softmax 加权平均。PyTorch 融合的 SDPA 内核在 C++ 里做的是同一件事。
#
# 减去累计的最大值，最大的一项就始终是 $e^0 = 1$。这有两个好处。点积分数可能是很大的正数，直接算 $e^s$ 会上溢，减去 $m$ 之后不会。高斯分数 $s = -\frac{1}{2}((q - k)w)^2$ 不大于 0，本身从不上溢，危险在另一头：查询离每个键都很远时，所有分数都很负，$e^s$ 全部下溢成 0，直接相除就是 $0/0$，得到 NaN；减去 $m$ 之后 $\ell \ge 1$，不会出现这种情况。（距离远到连分数本身都溢出成 $-\infty$ 时，`online_pool` 改用最近那个键的值：查询越走越远，权重本来就越来越集中到最近的键上，这正是它的极限。）
#
# 下面用一个查询、三个键手算一遍在线 softmax：每一块只有一个键，每来一个键打印一次累计量。第二个键的分数比第一个大，$m$ 随之变大，旧的 $\ell$ 和 $a$ 先乘以 $e^{m - m'}$；第三个键的分数较小，$m$ 不变。最后的 $a / \ell$ 与直接做 softmax 得到的加权平均相同：

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
# `nadaraya_watson_chunked` 本身只检查参数，然后把活交给 <autoref identifier="attention_tutorial.scores.online_pool">online_pool</autoref>；上面说的循环和三个累计量都在 `online_pool` 里。两段源码如下：
#
# <!-- source: attention_tutorial.scaling.nadaraya_watson_chunked -->
#
# <!-- source: attention_tutorial.scores.online_pool -->


# %% [markdown]
# ## 实测的时间和内存
#
# 脚本 `benchmarks/scale_bench.py` 实测了每种写法在各个 $n$ 上的时间和内存峰值。结果随包一起发布（`attention_tutorial/results/scale.json`），所以无论这个包安装在哪里，`at.scale_measurements()` 都能读到，下载的笔记本在仓库之外也能运行。下表是各次测量的中位数，表上方几行写着测量用的机器。时间来自一台与别的任务共用的机器，换一台机器可能差好几倍，但在这台机器上，同一行三次测量中最慢的至多是最快的 1.63 倍。完整矩阵写法的内存峰值（$n \ge 5{,}000$ 时）每次都在 $12n^2$ 的 0.1% 以内；分块写法和 SDPA 峰值的中位数只有几 MB，各次之间的波动可能比时间还大（分块写法在 $n = 10{,}000$ 时从 4.0 MB 到 20.8 MB，最高的一次是最低的 5.2 倍）。两种波动都打印在本节末尾。
#
# <details class="note"><summary>怎样测的</summary>
#
# 这个脚本（用 `.venv/bin/python benchmarks/scale_bench.py` 运行，要跑一阵子）对每种写法、每个 $n$ 都在一个**全新的 Python 进程**里测量：生成数据，先预热一次，把操作系统记录的内存峰值（VmHWM）清零，计时调用一次，再读出常驻内存（resident memory）的峰值减去调用前的值。（torch 的内存分配对 Python 的 `tracemalloc` 不可见，常驻内存却能看到。）平铺和广播两种写法测到 $n = 20{,}000$ 为止：下一个 $n = 50{,}000$ 要 $12 \times 50{,}000^2$ 字节，即 30 GB，超过了测量机器的内存（表上方第一行；下面的代码把它打印出来，后面折叠的核对也检查了这一点）。每种写法的每个 $n$ 至少测三次，每一次都保留；机器的平均负载（load average）超过核数时，脚本拒绝记录。
#
# 时间数据来自表上方列出的那台机器：运行脚本时它的 2 个核**还在跑别的任务**，每次测量只用一个 torch 线程（在繁忙的机器上用两个线程，分块写法的每个小运算都得等较慢的那个线程）。
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
# 下面是同样数据的双对数图。在双对数坐标下，幂律是一条直线，斜率就是幂次。图上看得出三件事：
#
# - **时间**：四种写法的计算量都是 $n^2$ 级，时间都沿斜率 2 增长（$n$ 很小时固定开销占大头，点会偏离这条线；图下的单元格从 $n = 5{,}000$ 算起，算出每种写法的斜率）。
# - **内存，完整矩阵的写法**：平铺和广播沿斜率 2 增长，两者几乎一样（三个同样大的完整矩阵）。
# - **内存，分块和 SDPA**：分块写法的中位数从 $n = 2{,}000$ 起不变（$n = 1{,}000$ 时一块只有 $1{,}000 \times 1{,}000$，略小）。SDPA 每一次测量都不到 3 MB；它算出的字节数（$12n$）只数了缩放后的查询、键和偏置，测到的中位数更多：$n \le 5{,}000$ 时是约 0.30 MB 的固定开销，从 $n = 10{,}000$ 起是算出的字节数的 2.1 到 5.2 倍（本节末尾打印的“SDPA, median peak / counted bytes”一段；$n = 10{,}000$ 时的这个 5.2，和分块写法在同一 $n$ 下最高与最低一次峰值之比恰好相同，只是巧合）。$n = 20{,}000$ 时中位数是 1.0 MB，算出的只有 0.24 MB，而三次测量相当一致（0.93 MB 到 1.0 MB），所以多出的这部分是测准了的。$n = 100{,}000$ 时中位数 2.5 MB，约为算出的 1.2 MB 的两倍，不过这里的三次测量从 1.3 MB 到 2.9 MB 不等。内核内部分配了哪些内存，我们没有测（输出 $\hat y$ 只占 $4n$ 字节），所以多出的内存从何而来，还无法解释。

# %%
at.plot_scaling(rows)

# %% [markdown]
# 图：实测的都是实线；内存图上的点线是算出的字节数，颜色与所属写法相同。平铺和广播的点几乎重合，所以平铺画成大的空心圆，露在广播的小方块周围；平铺、广播和分块的点线藏在实测的点下面，露出来的只有 SDPA 的那一条。

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
# 斜率相同，时间却不同。$n = 20{,}000$ 时，平铺写法用的时间约是分块写法的 5 倍（上面打印的“tiled against chunked”一行），两者的计算量却都是 $n^2$ 级：差别主要在内存的读写。平铺写法要把三个各 1.6 GB 的完整矩阵写进内存、再读出来；分块写法的一块只有 4 MB，大体上可以留在处理器的末级缓存里（这是一种解释，并非测量结果）。
#
# 分块写法和 SDPA 之间也有差距：$n = 100{,}000$ 时，分块写法用的时间是 SDPA 的两倍多（上面打印的“chunked against SDPA”一行）。两者的时间都是 $n^2$ 级，内存都很小，差别在于怎么执行：分块写法是 Python 里的循环，每一块都要依次调用十几个单独的 PyTorch 运算，其中好几个都要把整块分数读写一遍；SDPA 是一个融合的 C++ 内核，一次调用就做完所有步骤。
#
# 下面的代码打印各次测量峰值和时间的范围，以及 SDPA 峰值中位数是算出字节数的几倍；再下面折叠的代码逐条核对上面各节说到的数和结论：字节数、时间、内存、各次测量和测到的最大 $n$。

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

# %% fold="本页数字的核对（可跳过）"
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
# ## 为什么点积形式在 float32 下会损失精度
#
# 从数学上说，四种写法是同一个函数；从数值上说，并不相同。平铺、广播和分块三种写法都先算 $q - k$，再对这个小小的差求平方。SDPA 则分别算出 $qk$ 和 $\frac{1}{2}k^2$ 再相减：$q$ 和 $k$ 很大时，这两个大数几乎相互抵消，而 float32 对每个数只保留大约 7 位有效数字。这就是[点积页](dot-product.py)在 $w$ 很大时已经见过的抵消现象。把所有输入都加上同一个常数 $S$（从数学上说距离不变；float64 的参照值用的也是同样舍入过的输入，所以比较是公平的），看看误差。这里的分块函数用默认的 `chunk_size`（1024），所以平移为 0 时它的误差和上面 `chunk_size=256` 时打印的不完全一样：

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
# 距离形式不受平移影响。点积形式的误差却随平移的**平方**增长：$qk$ 和 $\frac{1}{2}k^2$ 都与 $S^2$ 同阶，float32 的舍入误差也就跟着 $S^2$ 变大。所以输入每大 10 倍，误差大约大 100 倍，丢掉两位有效数字；上面打印的斜率正是这个 2。float64（约 16 位）能把问题掩盖一阵子。实际做法：用点积形式之前先把输入中心化（减去均值），或者像分块函数那样保留距离形式。
#
# 整页归结为一条实际做法：$n$ 在几千以内，本章的平铺写法就够用；再大就用 SDPA（输入先中心化）或分块写法：$n = 50{,}000$ 时，完整矩阵的写法要 30 GB，超过了测量机器的内存。
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.data.SEED">SEED</autoref>、
#   <autoref identifier="attention_tutorial.data.f">f</autoref>、
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson_broadcast">nadaraya_watson_broadcast</autoref>、
#   <autoref identifier="attention_tutorial.scaling.nadaraya_watson_chunked">nadaraya_watson_chunked</autoref>、
#   <autoref identifier="attention_tutorial.scaling.nadaraya_watson_sdpa">nadaraya_watson_sdpa</autoref>、
#   <autoref identifier="attention_tutorial.scaling.peak_intermediate_bytes">peak_intermediate_bytes</autoref>、
#   <autoref identifier="attention_tutorial.scaling.scale_measurements">scale_measurements</autoref>、
#   <autoref identifier="attention_tutorial.figures.cost.plot_scaling">plot_scaling</autoref>
# - PyTorch：`torch.manual_seed`、`torch.rand`、`torch.sort`、`torch.normal`、`torch.tensor`、`torch.softmax`、`Tensor.double`、`Tensor.abs`、`Tensor.max`、`Tensor.item`、`Tensor.tolist`
# - Python：`math.exp`、`math.log`、`math.log10`、`math.isclose`
# - 在上面这些函数内部（单元格没有直接调用）：`torch.nn.functional.scaled_dot_product_attention`（<autoref identifier="attention_tutorial.scaling.nadaraya_watson_sdpa">nadaraya_watson_sdpa</autoref>）、<autoref identifier="attention_tutorial.scores.online_pool">online_pool</autoref>（<autoref identifier="attention_tutorial.scaling.nadaraya_watson_chunked">nadaraya_watson_chunked</autoref>）
