# %% [markdown]
# # 边界偏差与局部线性回归
#
# 《[非参数注意力汇聚](nonparametric.py)》一页的拟合在左端偏得最厉害，高出 2 以上；在两端之间把曲线的波峰压低、波谷抬高（误差约 0.5）；到了右端却几乎落在曲线上。本页先找出原因，再看一个只改动一处的补救办法：**[局部线性回归](glossary.md#local-linear-regression)**。它仍然用同样的注意力权重，只是不再求加权平均，而是在每个查询附近拟合一条加权的直线。下面先用同样的数据、同样的带宽 ${h = 1}$ 重算那一页的拟合。代码里的注释和打印出的标签是英文的：中文页和英文页运行的是同一份代码。代码里的 `qkv` 依次装着查询、键和值，`f(*qkv)` 把这个元组拆开，按这个顺序传给函数。

# %%
import torch

import attention_tutorial as at

# drawn from make_data's own seed=0
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = len(x_train)
n_test = len(x_test)
# queries, keys, values: f(*qkv) passes
# the three in this order
qkv = (x_test, x_train, y_train)
# the nonparametric page's fit, h = 1
nw_fit = at.nadaraya_watson(*qkv)
y_hat, attention_weights = nw_fit

# %% [markdown]
# ## 偏差出在边界
#
# 下面的代码对第一个、中间和最后一个查询打印：
#
# - fit：预测；
# - truth：真实值；
# - max weight：这一行最大的注意力权重；
# - mean key：按注意力权重平均的键的位置，也就是这个查询实际“看”向哪里。

# %%
# first, middle and last query: fit and
# truth at the edges
print(
    "  x    fit  truth ",
    "max weight  mean key",
)
for i in (0, n_test // 2, n_test - 1):
    # (n_train,): weights of query i
    row = attention_weights[i]
    # where query i looks
    mean_key = (row * x_train).sum()
    x, fit = x_test[i], y_hat[i]
    truth = data.y_truth[i]
    top = row.max()
    print(
        f"{x:>3.1f} {fit:>6.4f}",
        f"{truth:>6.4f}",
        f"{top:>11.4f} ",
        f"{mean_key:>8.4f}",
    )

# %% [markdown]
# 接着打印两端之间误差最大的两处：largest miss below 是拟合偏低最多的地方（在 $f$ 的波峰附近），largest miss above 是偏高最多的地方（在波谷之前不远）。找后者时只看右半段，因为左半段的误差主要来自[边界偏差](glossary.md#boundary-bias)。

# %%
# the errors in between: near the peak
# of f, just before its trough
# (n_test,)
error = y_hat - data.y_truth
# the fit most too low
too_low = error.argmin()
# most too high: searched in the right
# half only, since the left half is
# dominated by the boundary bias
half = n_test // 2
too_high = half + error[half:].argmax()
for name, i in (
    ("largest miss below", too_low),
    ("largest miss above", too_high),
):
    x, err = x_test[i], error[i]
    print(
        f"{name:<18} ",
        f"x = {x:.1f}: {err:+.2f}",
    )

# %% [markdown]
# 最后打印 keys in use：有效键数 $1/\sum_i \alpha_i^2$，即实际分享这一行权重的键有多少（权重平均分给 $m$ 个键时它正好是 $m$），括号里是离查询不到 1（一个带宽）的键数。

# %%
# keys in use 1 / sum(alpha^2): how many
# share a row's weight
squares = attention_weights**2
# (n_test,)
effective = 1 / squares.sum(dim=1)
print("keys in use, 1 / sum(alpha^2):")
# query index -> keys within 1 of it
within = {}
for i in (0, n_test // 2, n_test - 1):
    x, used = x_test[i], effective[i]
    close = (x_train - x).abs() < 1
    within[i] = int(close.sum())
    print(
        f"  x = {x:.1f}: {used:.1f}",
        f"({within[i]} keys within 1)",
    )
# the draw left fewer keys on the right
assert within[n_test - 1] < within[0]
ratio = effective / effective[half]
share_left = ratio[0].item()
share_right = ratio[-1].item()
print(
    f"left / middle {share_left:.0%},",
    f"right / middle {share_right:.0%}",
)

# %% [markdown]
# ${x = 0}$ 处的真实值是 0，预测却高出 2 以上。原因在数据的边界：查询 0 的左边没有任何训练点，
# 它的权重全部落在右边的键上，mean key 远在查询的右侧；而 $f$ 从 0 开始陡峭上升，
# 右边样本的输出几乎都比 $f(0)$ 大，加权平均自然偏高。这叫**边界偏差**（boundary bias）：
# 核回归取的是窗口里的平均，窗口被边界截去一半时，平均值就偏向留下的那一半。右端的查询也只有一侧有键，
# 误差却小得多，原因见下文对误差的拆分。
#
# 《非参数注意力汇聚》一页“[注意力权重热图](nonparametric.py#注意力权重热图)”一节里，热图的左上角和右下角最醒目，也是这个原因：边缘的查询只有一侧有键，
# 分得到权重的键明显少了（有效键数在左端约为中间查询的 60%，在右端不到一半），而每行权重之和仍是 1，每个键分到的就更多（max weight 一列）。右端比左端还少，是因为训练输入是随机均匀抽取的，这一次碰巧在右端抽得稀：离查询不到 1 的键，左端的查询有 12 个，右端的只有 9 个（上面 keys in use 一段括号里的数）。因为键疏密不均，就连窗口完整的中间查询，mean key 也不正好落在 2.5，而是 2.34。
#
# ## 局部线性回归
#
# **局部线性回归**的思路是：权重不变，但不再求加权平均（加权平均相当于在每个查询附近拟合一个常数），而是拟合一条加权的直线
#
# $$\min_{b_0, b} \sum_{i=1}^{n} \alpha_i(x)\,\big(y_i - b_0 - b (x_i - x)\big)^2 ,$$
#
# 其中 $\alpha_i(x)$ 就是 Nadaraya-Watson 里查询 $x$ 分给键 $x_i$ 的注意力权重，
# 再取这条直线在查询处的值作为预测：记 $\hat y = b_0$。直线能沿着斜率从权重的重心（上面的 mean key，记作 $\bar x$）外推回查询点，于是抵消“只朝一边看”带来的偏差；抵消得好不好，要看窗口里的斜率跟不跟得上 $f$，下文会算出来。
#
# 解出来的形式很简单。把上式对截距 $b_0$ 求导并令导数为 0，得到加权残差之和为 0，所以加权最小二乘的直线一定经过权重的重心 $(\bar x, \bar y)$（这一点与权重之和是否为 1 无关；权重之和为 1，只是让重心可以直接写成下面的加权和）。于是这条直线在查询处的值 $b_0$，等于它在重心处的值加上斜率乘以从重心到查询的位移（下式第一行）。再对斜率 $b$ 求导并令导数为 0，就得到加权最小二乘的斜率：
#
# $$\begin{aligned}
# \hat y = b_0 &= \bar y + b (x - \bar x), \\
# \bar x &= \sum_j \alpha_j x_j, \quad \bar y = \sum_j \alpha_j y_j, \\
# b &= \frac{\sum_j \alpha_j (x_j - \bar x)\, y_j}{\sum_j \alpha_j (x_j - \bar x)^2} .
# \end{aligned}$$
#
# $\bar y$ 正是 Nadaraya-Watson 的预测，所以局部线性回归只是在它上面加了一项 $b (x - \bar x)$。$\bar y$ 和 $b$ 都是 $y_i$ 的加权和。把 $b$ 的分母记作 $S = \sum_j \alpha_j (x_j - \bar x)^2$，把 $\bar y$ 和 $b$ 代进 $\hat y$，再把两个和按 $y_i$ 合并：
#
# $$\begin{aligned}
# \hat y &= \sum_i \alpha_i y_i + (x - \bar x)\,\frac{\sum_i \alpha_i (x_i - \bar x)\, y_i}{S} \\
# &= \sum_i \alpha_i \left(1 + \frac{(x - \bar x)(x_i - \bar x)}{S}\right) y_i .
# \end{aligned}$$
#
# 预测仍是值的加权和：把 $y_i$ 的系数（$\alpha_i$ 乘以括号）记作 $\ell_i$，就有 $\hat y = \sum_i \ell_i y_i$。这些 $\ell_i$ 叫作[**等效权重**](glossary.md#equivalent-weights)，
# 它们和为 1（括号里的第二项按 $\alpha_i$ 加权求和正好是 0），却可以为负。<autoref identifier="attention_tutorial.local_linear_regression.local_linear">local_linear</autoref>
# 返回预测和这组等效权重，它的源码折叠在下面：
#
# <details class="note"><summary>源码里的 <code>a_i</code>、<code>scale</code> 和 <code>spread</code></summary>
#
# 源码不算 $b$，直接按上式第二行算等效权重；它把权重写作 `a_i`，并以键的范围为单位度量相对 $\bar x$ 的偏移量（除以 `scale`），所以它的 `spread` 是 $S/\text{scale}^2$，范围在 $\ell_i$ 里约掉了。文档字符串在 $b$ 的分子里从每个 $y_j$ 减去了 $\bar y$，结果不变：相对重心的偏移量按权重加起来是 0。
#
# </details>
#
# <!-- source: attention_tutorial.local_linear_regression.local_linear -->
#
# 两种拟合在两端的数字，以及整个测试集上的 MSE：

# %%
# (n_test,), (n_test, n_train)
ll_fit = at.local_linear(*qkv)
y_ll, weights_ll = ll_fit
for i in (0, n_test - 1):
    x = x_test[i]
    truth = data.y_truth[i]
    print(
        f"x = {x:.1f}:",
        f"truth {truth:.4f}",
    )
    # the two fits at query i
    nw, ll = y_hat[i], y_ll[i]
    print(f"  Nadaraya-Watson {nw:.4f}")
    print(f"  local linear    {ll:.4f}")
error_ll = y_ll - data.y_truth
mse_nw = (error**2).mean().item()
mse_ll = (error_ll**2).mean().item()
print("test MSE:")
print(f"  Nadaraya-Watson {mse_nw:.4f}")
print(f"  local linear    {mse_ll:.4f}")

# %% [markdown]
# 左图（窄屏上为上图）是两种拟合，${x = 0}$ 和 ${x = 4.9}$ 处的实心点是真实值，圆环是两种拟合。右图（窄屏上为下图）是查询 ${x = 0}$ 的权重：竖线是注意力权重 $\alpha_i$，全在查询右边；圆点是局部线性回归的等效权重 $\ell_i$，离查询远的键分到的是负值。横轴只画到 3 稍过一点：更右边还有键（一直到 4.76），但两种权重都在 ±0.0022 以内，画出来看不见。

# %%
far = x_train > 3  # (n_train,)
faint = max(
    attention_weights[0][far].max(),
    weights_ll[0][far].abs().max(),
)
last = x_train.max().item()
print(
    "keys beyond x = 3,",
    f"up to {last:.2f}:",
)
print(
    "  both weights within",
    f"±{faint:.4f}",
)
at.plot_boundary_bias(
    x_test,
    data.y_truth,
    x_train,
    y_train,
    equivalent_weights=True,
)

# %% [markdown]
# 再用 `torch.linalg.lstsq` 直接解 ${x = 0}$ 处的加权最小二乘，作为独立的对照。`lstsq` 只会解普通最小二乘，但加权并不难办：第 $i$ 项残差的平方乘以 $\alpha_i$，等于残差先乘以 $\sqrt{\alpha_i}$ 再平方，所以把设计矩阵和 $y$ 的第 $i$ 行都乘以 $\sqrt{\alpha_i}$，普通最小二乘的解就是加权最小二乘的解。设计矩阵 `design` 的每一行是 `(1, x_i - x)`，即截距和斜率各自的乘数；`[:, None]` 把 `sqrt_a` 变成一列，让它逐行去乘：

# %%
# weighted least squares = ordinary
# least squares with rows scaled by
# sqrt(alpha_i)
# (n_train,)
sqrt_a = attention_weights[0].sqrt()
ones = torch.ones(n_train)
cols = [ones, x_train - x_test[0]]
# (n_train, 2): row i is (1, x_i - x)
design = torch.stack(cols, dim=1)
# (n_train, 2): row i * sqrt(alpha_i)
scaled = sqrt_a[:, None] * design
solution = torch.linalg.lstsq(
    scaled,
    sqrt_a * y_train,
).solution
b0_lstsq = solution[0].item()
print(f"b0 from lstsq: {b0_lstsq:.4f}")
print(f"local_linear:  {y_ll[0]:.4f}")
print(
    "equivalent weights of the query",
    "x = 0:",
)
ell_0 = weights_ll[0]
weight_sum = ell_0.sum().item()
negative = int((ell_0 < 0).sum())
print("  sum", round(weight_sum, 4))
print("  negative ones:", negative)

# %% [markdown]
# 负的等效权重来自上面公式里的括号。在 ${x = 0}$ 处，$x - \bar x < 0$，所以括号里的第二项对 $\bar x$ 右边的键是负的；
# 键离 $\bar x$ 越远，它越负，一旦低于 $-1$，整个括号就小于 0。令括号等于 0，解出的分界点是
#
# $$x_i = \bar x + \frac{S}{\bar x - x} ,$$
#
# 分界点右边的键，等效权重全是负的。

# %%
# the weights of the query x = 0
alpha_0 = attention_weights[0]
# their centre
x_bar = (alpha_0 * x_train).sum()
# S
offsets = x_train - x_bar
spread = (alpha_0 * offsets**2).sum()
# the bracket is < 0 beyond the cutoff
gap = x_bar - x_test[0]
cutoff = x_bar + spread / gap
print(f"x_bar = {x_bar:.4f}")
print(
    "negative weights beyond",
    f"{cutoff:.4f}",
)
beyond = int((x_train > cutoff).sum())
print("keys beyond the cutoff:", beyond)

# %% [markdown]
# 在 ${x = 0}$ 处，偏差的大部分消失了，整个测试集上的 MSE 也更小（见前面打印的 test MSE）。右端 ${x = 4.9}$ 却反过来：局部线性回归偏低了将近 0.5，Nadaraya-Watson 反而几乎正好。要看懂这一点，把 Nadaraya-Watson 在一个查询处的误差拆开：
#
# - **[单侧偏差](glossary.md#one-sided-bias)** $f(\bar x) - f(x)$：权重的重心 $\bar x$ 不在查询上，加权平均反映的是 $\bar x$ 附近的 $f$；
# - **[曲率偏差](glossary.md#curvature-bias)** $\sum_i \alpha_i f(x_i) - f(\bar x)$：窗口里的 $f$ 是弯的，加权平均不等于重心处的值；
# - 剩下的是噪声的加权平均 $\sum_i \alpha_i \epsilon_i$（$\epsilon_i = y_i - f(x_i)$，即《[数据](data.py)》一页加在训练输出上的噪声）。
#
# 下面两张表的排版交给折叠起来的两个函数，单元格里只留下计算。


# %% fold="print_parts 和 print_slopes：只管排版的两个函数"
# the two tables below, laid out:
# labels, widths and signs only
def print_parts(x_test, parts):
    print(
        "  x  one-sided ",
        "curvature  noise  total",
    )
    fmt = "{:>3.1f}" + "  {:>+9.2f}" * 2
    fmt += "  {:>+5.2f}" * 2
    for i, part in parts.items():
        x = x_test[i]
        print(fmt.format(x, *part))


def print_slopes(
    x_test,
    slopes,
    share,
    trough,
    error_nw,
):
    names = (
        "slope of the window b",
        "slope of f, x to x_bar",
        "correction b (x - x_bar)",
        "needed (minus one-sided)",
        "error of local linear",
        "error of Nadaraya-Watson",
        "NW + needed correction",
    )
    head = "x = {:.1f}: x_bar = {:.2f}"
    fmt = "  {:<24} {:>+6.2f}".format
    for i, slope in slopes.items():
        centre, *vals = slope
        x = x_test[i]
        print(head.format(x, centre))
        rows = map(fmt, names[:5], vals)
        print(*rows, sep="\n")
        if i == 0:
            print(
                "  share of the bias",
                "removed",
                f"{share:>5.0%}",
            )
            continue
        print(
            "  trough of f at",
            f"{trough:>16.2f}",
        )
        fixed = error_nw + vals[3]
        both = (error_nw, fixed)
        rows = map(fmt, names[5:], both)
        print(*rows, sep="\n")


# %%
# the error of Nadaraya-Watson at a
# query = one-sided part + curvature
# part + noise
# query index -> (one_sided, curvature,
# noise, total)
parts = {}
f_train = at.f(x_train)  # (n_train,)
# the noise of each key
eps = y_train - f_train
for i in (0, n_test - 1):
    # (n_train,): weights of query i
    row = attention_weights[i]
    # x_bar of query i
    centre = (row * x_train).sum()
    f_bar, x = at.f(centre), x_test[i]
    # the centre is off the query
    one_sided = (f_bar - at.f(x)).item()
    # f bends inside the window
    mean_f = (row * f_train).sum()
    curvature = (mean_f - f_bar).item()
    noise = (row * eps).sum().item()
    part = (one_sided, curvature, noise)
    # the total last
    parts[i] = (*part, sum(part))
print_parts(x_test, parts)

# %% [markdown]
# 在 ${x = 0}$，单侧偏差一项就有 $+2.33$，超过了整个误差 $+2.18$；曲率偏差抵回去 $0.29$，噪声又加回 $0.14$（表中各数都四舍五入到两位小数，一行三项相加可能与 total 差 0.01）。在 ${x = 4.9}$，两种偏差符号相反：重心处的 $f$ 更低，单侧偏差为负；$f$ 刚从一个谷底爬出，窗口里的曲线向上弯，曲率偏差为正。加上噪声，Nadaraya-Watson 只差一点：它在右端准，不是因为没有偏差，而是因为两种偏差碰巧互相抵消。
#
# 局部线性回归对这些偏差做了什么？前面已经推出，它在 Nadaraya-Watson 的预测 $\bar y$ 上加了一项修正 $b\,(x - \bar x)$：沿着窗口的斜率 $b$ 从 $\bar x$ 走回查询。要正好去掉单侧偏差，修正应当是 $-{\big(f(\bar x) - f(x)\big)} = s\,{(x - \bar x)}$ 才行，其中 ${s = \big(f(\bar x) - f(x)\big)/(\bar x - x)}$ 是 $f$ 在查询和 $\bar x$ 之间的平均斜率。修正做得好不好，就看 $b$ 和 $s$ 差多少。下面在两个边缘查询处把这几个量算出来：

# %%
# local linear = Nadaraya-Watson + the
# correction b (x - x_bar)
# query index -> (x_bar, b, s,
# correction, needed, error)
slopes = {}
for i in (0, n_test - 1):
    row = attention_weights[i]
    x = x_test[i]
    # x_bar
    centre = (row * x_train).sum()
    # (n_train,)
    offsets = x_train - centre
    # the window's slope
    w_off = row * offsets
    num = (w_off * y_train).sum()
    b = num / (row * offsets**2).sum()
    # from x_bar back to the query
    correction = b * (x - centre)
    # f's mean slope, x to x_bar
    rise = at.f(centre) - at.f(x)
    s = rise / (centre - x)
    # minus the one-sided bias
    needed = s * (x - centre)
    err_ll = error_ll[i]
    terms = (correction, needed, err_ll)
    slopes[i] = (centre, b, s, *terms)
# x = 0: the share of the one-sided
# bias removed, correction over needed
_, _, _, corr, need, _ = slopes[0]
share = (corr / need).item()
# x = 4.9: where f stops falling, on a
# fine grid round the right end
fine = torch.linspace(3.5, 5.0, 1501)
f_fine = at.f(fine)
trough = fine[f_fine.argmin()].item()
error_nw = y_hat[-1] - data.y_truth[-1]
print_slopes(
    x_test,
    slopes,
    share,
    trough,
    error_nw,
)

# %% [markdown]
# 在 ${x = 0}$，直线去掉了单侧偏差的大部分（约 61%），但不是全部：窗口的斜率 ${b = 1.73}$ 比 $f$ 在 0 与 $\bar x$ 之间的平均斜率 ${s = 2.82}$ 平缓，直线外推回查询时降得不够，预测仍高出 0.75。
#
# 在 ${x = 4.9}$，直线修正的方向反了。窗口的重心 ${\bar x = 4.11}$ 在 $f$ 的谷底（约 4.41）左边，落在谷底之前下降的那一段上，拟合出的斜率 ${b = -0.66}$ 是负的；$f$ 从 $\bar x$ 到 4.9 却是先降后升，总体升高了，平均斜率 $s$ 为正。要去掉单侧偏差，修正应当是 $+0.15$，直线给出的却是 $-0.52$：它沿着下降的斜率往右外推，把预测拉低了，局部线性回归于是偏低 0.49。
#
# 就算直线给出的正好是所需的 $+0.15$，也不会比 Nadaraya-Watson 好：单侧偏差去掉了，曲率偏差和噪声还在，误差会从 Nadaraya-Watson 的 $+0.03$ 变成 $+0.19$（上面打印的最后两行）。所以局部线性回归去掉的是 ${x = 0}$ 处的大部分偏差，并不是每个边缘都更准：只有窗口里的 $f$ 近似一条直线时，直线外推才可靠。（+0.03 加 +0.15 看上去只有 +0.18，也是四舍五入的缘故。）
#
# 负的等效权重也说明，局部线性回归已经不再是严格意义上的注意力汇聚（权重不再是概率分布），而是它的一个近亲。
#
# ## 各用各的最佳带宽
#
# 上面两种方法都用了 ${h = 1}$，可最合适的带宽未必相同。公平的比较是让每种方法在同一组带宽（0.1 到 1，步长 0.05）里各挑自己测试 MSE 最小的那个。和《非参数注意力汇聚》一页“[不同带宽一览](nonparametric.py#不同带宽一览)”一节一样，
# 这里用 `y_truth` 挑带宽，只有玩具问题才做得到。真实数据没有 `y_truth`，实际的做法是留一法：用其余的点预测每个训练点，挑留一法误差最小的带宽，《[为什么要留一](leave-one-out.py)》一页对 ${w = 1/h}$ 就是这样做的。

# %%
# bandwidths 0.10, 0.15, ..., 1.00
grid = [0.05 * k for k in range(2, 21)]
name_nw = "Nadaraya-Watson"
name_ll = "local linear"
methods = {
    name_nw: at.nadaraya_watson,
    name_ll: at.local_linear,
}
best_h, best_mse = {}, {}
print(" " * 16, "best h  test MSE")
for name, method in methods.items():
    mses = []
    for h in grid:
        # (n_test,)
        y_hat_h, _ = method(
            *qkv,
            bandwidth=h,
        )
        error_h = y_hat_h - data.y_truth
        mse = (error_h**2).mean()
        mses.append(mse.item())
    # position of the smallest test MSE
    k = mses.index(min(mses))
    h, mse = grid[k], mses[k]
    best_h[name] = h
    best_mse[name] = mse
    print(
        f"{name:<15}  {h:>6.2f} ",
        f"{mse:>8.4f}",
    )

# %% [markdown]
# 各自取最好的带宽，局部线性回归的测试误差仍然明显更小，而且它的最佳带宽更宽。直线去掉的是斜率带来的偏差，边界处尤其明显，所以窗口开宽时，局部线性回归增加的偏差比 Nadaraya-Watson 少，噪声却在更多的点上被平均掉。
#
# 波峰被压低、波谷被抬高（即曲率偏差）则是两者都有的。回到 ${h = 1}$，两种方法在波峰附近差多少？

# %%
# a line removes the slope's bias, not
# the curvature's: at h = 1 both flatten
# the peak of f (x from 1.5 to 2.5)
# (n_test,)
near = (x_test > 1.45) & (x_test < 2.55)
x_near = x_test[near]
truth = data.y_truth[near]
miss_nw = (y_hat[near] - truth).abs()
miss_ll = (y_ll[near] - truth).abs()
flat_nw = miss_nw.max()
flat_ll = miss_ll.max()
# where each fit misses most
worst = [
    x_near[miss_nw.argmax()].item(),
    x_near[miss_ll.argmax()].item(),
]
print(
    "h = 1, largest miss",
    "near the peak",
)
print("(x from 1.5 to 2.5):")
flats = (flat_nw, flat_ll)
for k, name in enumerate(methods):
    print(
        f"  {name:<15}  {flats[k]:.2f}",
        f"at x = {worst[k]:.1f}",
    )

# %% [markdown]
# 差得一样多：两种拟合在波峰附近都差了 0.56，Nadaraya-Watson 在 ${x = 1.9}$ 处，局部线性回归在 ${x = 2.0}$ 处。
#
# ## 核对正文
#
# 本页正文的每条结论都由下面这个单元格逐条核对（重新运行时若有一条不成立，构建就失败）；正文引用的数，是从上面各单元格打印的输出里照抄并四舍五入的。它不讲新东西，可以跳过。

# %% fold="逐条核对正文的代码"
# checks of the page's text
# 1. where the fit goes astray
middle = n_test // 2
# (n_test,): each query's mean key
mean_keys = attention_weights @ x_train
# (n_test,): each query's largest weight
largest = attention_weights.amax(dim=1)
# the fit at x = 0: more than 2 too high
assert y_hat[0] - data.y_truth[0] > 2
# x = 0 looks well to its right
assert mean_keys[0] > 0.5
# the corners stand out
assert largest[0] > largest[middle]
assert largest[-1] > largest[middle]
# the middle looks at 2.34, not at 2.5
shift = (x_test - mean_keys)[middle]
assert 0.1 < shift < 0.2
# the largest misses: about 0.5
assert 0.4 < -error[too_low] < 0.6
assert 0.4 < error[too_high] < 0.6
# the right end: almost on the curve
assert abs(error[-1]) < 0.05
# about 60%, under half
assert 0.55 < share_left < 0.65
assert share_right < 0.5
# 2. local linear regression
# the same b0 both ways
b0 = y_ll[0].item()
assert abs(b0_lstsq - b0) < 1e-4
# the negative weights are exactly the
# keys beyond the cutoff
past = x_train > cutoff
assert torch.equal(ell_0 < 0, past)
# left of x_bar, ell_i > alpha_i;
# right of it, less
left = x_train < x_bar
assert (ell_0 > alpha_0).equal(left)
# the errors at x = 0
bias_nw = error[0].abs()
bias_ll = error_ll[0].abs()
# at x = 0, most of the bias is gone
assert bias_ll < bias_nw / 2
# and the test MSE is smaller
assert mse_ll < mse_nw
# 3. the two biases
# the three parts add up to the error
for i, part in parts.items():
    miss = error[i].item()
    assert abs(part[-1] - miss) < 1e-4
# x = 0: the one-sided bias alone is
# more than the whole error; the
# curvature takes some back, the noise
# adds a little
one, curv, noise, total = parts[0]
assert one > total > 0
assert curv < 0 < noise
# x = 4.9: the two biases have opposite
# signs and largely cancel
one, curv, *_ = parts[n_test - 1]
assert one < 0 < curv
assert abs(one + curv) < abs(one)
# local linear = NW + the correction
for i, slope in slopes.items():
    fixed = y_hat[i] + slope[3]
    assert abs(fixed - y_ll[i]) < 1e-4
# x = 0: the line is too shallow, it
# removes part of the bias (about 61%)
_, b, s, corr, need, err = slopes[0]
assert 0 < b < s and err > 0
assert 0.5 < corr / need < 0.7
# x = 4.9: fitted before the trough, the
# line falls where f rose
at_end = slopes[n_test - 1]
centre, b, s, corr, need, err = at_end
assert b < 0 < s and err < 0
assert corr < 0 < need
assert centre < trough < x_test[-1]
# even the needed correction would not
# help: it would leave the curvature
# bias and the noise, more than
# Nadaraya-Watson's whole error
with_need = error_nw + need
assert abs(with_need) > abs(error_nw)
# the numbers the text gives
errors = (error_nw, with_need)
shown = [f"{e:+.2f}" for e in errors]
assert shown == ["+0.03", "+0.19"]
# rounded, +0.03 and +0.15 make +0.18
r_nw = round(error_nw.item(), 2)
r_need = round(need.item(), 2)
rounded = r_nw + r_need
assert f"{rounded:+.2f}" == "+0.18"
# 4. each at its own best bandwidth
mse_ll_best = best_mse[name_ll]
assert mse_ll_best < best_mse[name_nw]
# a wider window
assert best_h[name_ll] > best_h[name_nw]
# both miss by 0.56
assert 0.55 < flat_nw < 0.57
assert 0.55 < flat_ll < 0.57
# at x = 1.9 and x = 2.0
at_x = [round(x, 1) for x in worst]
assert at_x == [1.9, 2.0]
print("every check holds")

# %% [markdown]
# ## 练习
#
# 1. `local_linear` 的文档示例（上面折叠的源码里）已经表明：四个键值对落在直线 ${y = 2x + 1}$ 上（键为 0、1、2、3）时，
#    局部线性回归在两端的查询 0 和 3 处是精确的。查询走出键的范围又会怎样？带宽仍取 1，在 ${x = 4}$ 和 ${x = 5}$ 处
#    比较局部线性回归和 Nadaraya-Watson，并解释 Nadaraya-Watson 的预测为什么超不过最大的值。
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> keys = torch.arange(4.0)
# >>> # points on a straight line
# >>> values = 2 * keys + 1
# >>> values
# tensor([1., 3., 5., 7.])
# >>> # beyond the keys
# >>> queries = torch.arange(4.0, 6.0)
# >>> queries
# tensor([4., 5.])
# >>> y_ll, ell = at.local_linear(
# ...     queries, keys, values
# ... )
# >>> y_ll
# tensor([ 9.0000, 11.0000])
# >>> y_nw, _ = at.nadaraya_watson(
# ...     queries, keys, values
# ... )
# >>> y_nw
# tensor([6.5790, 6.8393])
# >>> # negative weights per query
# >>> (ell < 0).sum(dim=1)
# tensor([3, 3])
# >>> # the last key's weight
# >>> ell.max(dim=1).values
# tensor([1.8394, 2.8823])
# ```
#
# 值都落在一条直线上时，加权最小二乘找到的就是这条直线本身，每一项残差都是 0，与权重无关，
# 所以在键的范围之外 $b_0$ 也正好是直线在查询处的值：局部线性回归沿着直线外推。
# Nadaraya-Watson 的权重都非负、和为 1，加权平均只能落在最小和最大的值之间，超不过 7；
# 查询越远，权重越集中在最后一个键上，预测越接近 7，却到不了 9 和 11。局部线性回归的等效权重
# 可以为负，也可以大于 1：在 ${x = 5}$ 处，最后一个键的等效权重是 2.88，其余三个都是负的，外推靠的正是这些。
#
# </details>
#
# 2. 等效权重除了和为 1，还满足 $\sum_i \ell_i x_i = x$：它们的重心正好落在查询上。
#    用本页的数据验证，并与 Nadaraya-Watson 的权重比较。这和第 1 题有什么关系？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> qkv = (
# ...     data.x_test,
# ...     data.x_train,
# ...     data.y_train,
# ... )
# >>> # both (n_test, n_train)
# >>> _, ell = at.local_linear(*qkv)
# >>> _, a = at.nadaraya_watson(*qkv)
# >>> torch.allclose(
# ...     ell.sum(dim=1),
# ...     torch.ones(50),
# ...     atol=1e-5,
# ... )
# True
# >>> torch.allclose(
# ...     ell @ data.x_train,
# ...     data.x_test,
# ...     atol=1e-4,
# ... )
# True
# >>> # NW: the centre of x = 0 lies to
# >>> # its right
# >>> centre = a[0] @ data.x_train
# >>> round(centre.item(), 4)
# 0.8287
# ```
#
# 两个条件合起来，对任意一条直线 $c_0 + c_1 x$ 都有 $\sum_i \ell_i (c_0 + c_1 x_i) = c_0 + c_1 x$：任何直线都被原样复现，这正是第 1 题。
# Nadaraya-Watson 的权重只满足第一个条件，它的重心（本页的 mean key）在边界处离开查询，直线的斜率就变成了偏差。
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.local_linear_regression.local_linear">local_linear</autoref>、<autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、<autoref identifier="attention_tutorial.data.make_data">make_data</autoref>、<autoref identifier="attention_tutorial.data.f">f</autoref>、<autoref identifier="attention_tutorial.figures.boundary_bias.plot_boundary_bias">plot_boundary_bias</autoref>
# - PyTorch：`torch.linalg.lstsq`、`torch.stack`
