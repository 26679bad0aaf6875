# %% [markdown]
# # 为什么要留一
#
# 《[带参数的注意力汇聚](parametric.py)》一页训练 $w$ 时，每个训练点的键和值里都去掉了它自己。
# 这一步看上去只是个技巧，其实决定了训练能不能成功。本页不训练，而是把 $w$ 当作旋钮，
# 从 0.1 一直拧到 1000，在每个位置算一次训练损失
#
# $$\begin{gathered}
# L(w) = \sum_{i=1}^{n} \big(\hat y_i - y_i\big)^2, \\
# \hat y_i = \sum_{j} \operatorname{softmax}_j\left(-\tfrac{1}{2}\big((x_i - x_j)\, w\big)^2\right) y_j ,
# \end{gathered}$$
#
# 一次让 $j$ 取遍所有训练点（**含自身的键**），一次让 $j$ 跳过 $i$（**留一法**）。
# 曲线的形状决定了梯度把 $w$ 往哪边推；停在哪里还取决于学习率和步数（见《[训练后的曲线为何不平滑](smoothness.py)》）。

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
n_train = len(x_train)
print("n_train =", n_train)

# %% [markdown]
# ## 一个训练点看见自己时
#
# 先只看一个训练点 $x_i$，把它当作查询，键是全部训练输入，**包括它自己**。
# 它和自己的距离是 0，得分 $-\frac{1}{2}(0 \cdot w)^2 = 0$ 是所有得分里最大的；
# 其他键的得分都是负数，而且 $|w|$ 越大越负。于是 $|w|$ 越大，softmax 越把权重推向自己，
# 预测值也就越接近它自己的标签 $y_i$。

# %%
# one training point, used as the query
i = 10
label_i = y_train[i].item()
print(
    f"query x_train[{i}],",
    f"its label {label_i:.4f}",
)
print(
    f"{'':>6}",
    f"{'weight on':>9}",
    sep="  ",
)
print(
    f"{'w':>6}",
    f"{'own key':>9}",
    f"{'prediction':>10}",
    sep="  ",
)
for w in [1.0, 10.0, 100.0, 1000.0]:
    # (n_train,), own key included
    scaled = (x_train[i] - x_train) * w
    scores = -(scaled**2) / 2
    # (n_train,)
    weights = F.softmax(scores, dim=0)
    # (n_train,) @ (n_train,) -> scalar
    y_hat_i = weights @ y_train
    print(
        f"{w:>6g}",
        f"{weights[i].item():>9.4f}",
        f"{y_hat_i.item():>10.4f}",
        sep="  ",
    )

# %% [markdown]
# 每个训练点都是这样。$|w|$ 足够大时，所有点都只抄自己的标签，训练损失变成 0——可这样的模型什么也没学到：测试输入并不在训练集里，没有“自己的标签”可抄。
#
# ## 两条损失曲线
#
# “去掉自己”用的是 <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>：它把 `x_train` 铺成 $n \times n$ 的矩阵，第 $i$ 行是查询 $x_i$ 要看的键，
# 再用布尔掩码去掉对角线，每行只剩其余的 $n - 1$ 个键；值也一样。看上面那个训练点所在的第 10 行：
#
# <!-- source: attention_tutorial.pooling.leave_one_out -->

# %%
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(
    x_train,
    y_train,
)
print(
    "keys:",
    tuple(keys.shape),
    " values:",
    tuple(values.shape),
)
x_near = x_train[9:12]
print(
    "x_train[9:12]: ",
    *[f"{v:.4f}" for v in x_near],
)
keys_near = keys[i, 9:11]
print(
    f"keys[{i}, 9:11]:",
    *[f"{v:.4f}" for v in keys_near],
)
shape = (n_train, n_train - 1)
assert keys.shape == shape
assert values.shape == shape
# its own key is gone
assert not (keys[i] == x_train[i]).any()
assert keys[i, 9] == x_train[9]
assert keys[i, 10] == x_train[11]

# %% [markdown]
# 第 10 行里，`x_train[9]` 后面紧跟着 `x_train[11]`：查询 `x_train[10]` 自己的键不见了。
#
# `torch.logspace(-1, 3, 401)` 在 $10^{-1}$ 到 $10^{3}$ 之间取 401 个点，它们在对数坐标上等距。<autoref identifier="attention_tutorial.analysis.loss_curve">loss_curve</autoref>
# 对每个 $w$ 调用一次 <autoref identifier="attention_tutorial.training.loss_at_w">loss_at_w</autoref>；
# 参数 `leave_one_out` 决定每个点是否去掉自己的键和值。
#
# <!-- source: attention_tutorial.analysis.loss_curve -->
#
# <!-- source: attention_tutorial.training.loss_at_w -->

# %%
# (401,): 0.1 ... 1000, log-spaced
ws = torch.logspace(-1, 3, 401)
# (401,)
losses_with_own = at.loss_curve(
    ws,
    x_train,
    y_train,
    leave_one_out=False,
)
# (401,)
losses_left_out = at.loss_curve(
    ws,
    x_train,
    y_train,
    leave_one_out=True,
)
at.plot_loss_vs_w(
    ws,
    losses_with_own,
    losses_left_out,
)

# %% [markdown]
# 横轴是对数坐标。下面把几个整齐的 $w$ 处的损失列成表，再找出留一法曲线的最低点。

# %%
print(
    f"{'':>6}",
    f"{'own key':>8}",
    f"{'own key':>8}",
    sep="  ",
)
print(
    f"{'w':>6}",
    f"{'included':>8}",
    f"{'left out':>8}",
    sep="  ",
)
for w in [1.0, 10.0, 100.0, 1000.0]:
    with_own = at.loss_at_w(
        w,
        x_train,
        y_train,
        leave_one_out=False,
    )
    left_out = at.loss_at_w(
        w,
        x_train,
        y_train,
        leave_one_out=True,
    )
    print(
        f"{w:>6g}",
        f"{with_own:>8.4f}",
        f"{left_out:>8.4f}",
        sep="  ",
    )
w_best = at.best_w(ws, x_train, y_train)
print("argmin of the left-out curve:")
loss_min = losses_left_out.min()
print(
    f"  w = {w_best:.4f},",
    f"loss = {loss_min:.4f}",
)

# %% [markdown]
# ## 含自身的键：损失一路滑向 0
#
# 第一条曲线随 $w$ 增大一直下降，表中“own key included”（含自身的键）一列也越来越接近 0。
# 它没有最低点：无论 $w$ 多大，再大一点损失还能更小，所以梯度 $\partial L / \partial w$
# 始终把 $|w|$ 往大推，梯度下降会让 $w$ 无止境地增长。最后得到的是一个“查表”模型，
# 训练损失为 0，对新输入却几乎没有用处。
#
# ## 留一法：有限的最低点
#
# 第二条曲线先降后升，最低点在上面打印的 $w$ 处。两头为什么都高？
#
# - $w$ 很小时，核很宽，所有键的权重几乎相同，模型退化成[平均汇聚](average.py)：
#   每个点都被预测成“其他点的平均值”，离得远的点也掺了进来，这是**偏差**。
# - $w$ 很大时，每个点只能抄它**最近的邻居**的标签。
#   $y_i$ 和邻居的标签各带一份独立的噪声，抄来的误差里总有这两份噪声之差，这是**方差**。
#
# 中间某个 $w$ 让两者的和最小。右端的平台正是“抄最近的其他点的标签”的损失，左端则是“用其余点的平均值来预测”的损失，两者都可以直接算出来对照：

# %%
# (n_train, 1) and (1, n_train)
column = x_train[:, None]
row = x_train[None, :]
# (n_train, n_train)
distances = (column - row).abs()
# a point is not its own neighbour
distances.fill_diagonal_(float("inf"))
# (n_train,): the nearest other point
nearest = distances.argmin(dim=1)
# (n_train,): each point's copied label
copied = y_train[nearest]
sq_copy = (copied - y_train) ** 2
copy_neighbour = sq_copy.sum().item()
print(
    "copy the nearest other's label:",
    f"{copy_neighbour:.4f}",
)
loss_1000 = at.loss_at_w(
    1000.0,
    x_train,
    y_train,
    leave_one_out=True,
)
print(
    "left-out loss at w = 1000:     ",
    f"{loss_1000:.4f}",
)
# (n_train,)
centred = y_train - y_train.mean()
spread = (centred**2).sum().item()
print(
    "sum of (y_train - mean)^2:     ",
    f"{spread:.4f}",
)
# w -> 0: each point is predicted by the
# mean of the other n - 1 points
factor = (n_train / (n_train - 1)) ** 2
left_limit = factor * spread
loss_small_w = at.loss_at_w(
    0.1,
    x_train,
    y_train,
    leave_one_out=True,
)
print(
    "(n / (n - 1))^2 x that sum:    ",
    f"{left_limit:.4f}",
)
print(
    "left-out loss at w = 0.1:      ",
    f"{loss_small_w:.4f}",
)
# both ends against their formulas
off_right = loss_1000 - copy_neighbour
off_left = loss_small_w - left_limit
assert abs(off_right) < 1e-3
tolerance = 0.005 * left_limit
assert abs(off_left) < tolerance

# %% [markdown]
# 左端的损失为什么不是 $\sum_i (y_i - \bar y)^2$ 本身？$w \to 0$ 时，每个点的预测是**其余** $n - 1$ 个点的平均值 $\bar y_{-i} = (n \bar y - y_i)/(n - 1)$，于是 $\bar y_{-i} - y_i = \frac{n}{n-1}(\bar y - y_i)$，损失就是 $\left(\frac{n}{n-1}\right)^2 \sum_i (y_i - \bar y)^2$。$n = 50$ 时这个系数是 $(50/49)^2 \approx 1.04$。$w = 0.1$ 时核还没有完全摊平，所以打印的损失和这个极限值还差一点点。
#
# 留一法的损失其实就是统计里的**留一交叉验证**误差：每个点轮流当一次“测试点”，用其余点去预测它。
# 它模拟的正是测试时的处境——查询不在键里——所以取它的最低点来选带宽是经典的办法。
# 训练时 SGD 走了 5 步、最后停在哪里，和这个最低点又差多远，见《[训练后的曲线为何不平滑](smoothness.py)》。
#
# ## 在探索器里找最低点
#
# 《[非参数注意力汇聚](nonparametric.py)》一页的带宽探索器在这里再用一次。最后一幅图（宽屏上在右下角）就是上面的留一法曲线（只画了去掉自身的那一条），由浏览器根据网页里的数据当场算出；拖动 $w$，看竖线走到星号（最小值）处时第一幅图里的拟合是什么样子：既不是一条平线，也不是追着噪声跑的锯齿。把 $w$ 拉到最右端，曲线变平，数值正是上面“抄最近的其他点的标签”的损失。

# %%
at.bandwidth_explorer(
    data,
    w=1.0,
    query_indices=(0, 25, 40),
)

# %% [markdown]
# 滑块按 0.01 个数量级移动，和上面 `torch.logspace(-1, 3, 401)` 的网格一一对应，所以探索器标出的最低点与 `best_w` 打印的是同一个网格点。用键盘时，先用 Tab 键移到滑块上（或点一下它）：方向键每次走一格，PageUp 和 PageDown 一次走一大段，Home 和 End 直接跳到两端。屏幕阅读器每走一格都读出 $w$ 和那里的损失 $L$，走到最低点时还会读出“最小值”。

# %% [markdown]
# ## 背景：平台由什么组成
#
# 这一节是选读的背景，跳过它不影响后面的内容。
#
# 右端的平台有多高，由什么组成？设 $m(i)$ 是离 $x_i$ 最近的另一个训练点，抄来的误差可以拆成两项：
#
# $$\begin{aligned}
# y_{m(i)} - y_i = {} &\underbrace{f(x_{m(i)}) - f(x_i)}_{\text{真实值之差}} \\
# &+ \underbrace{\epsilon_{m(i)} - \epsilon_i}_{\text{噪声之差}} .
# \end{aligned}$$
#
# 在玩具问题里噪声 $\epsilon_i = y_i - f(x_i)$ 算得出来，它的标准差是 $\sigma = 0.5$（`make_data` 的参数 `noise_std`，见《[数据](data.py)》），于是可以把每个点的平方误差拆开看
# （第一行是每个点抄来的平方误差的平均，第二、三行是真实值之差与噪声之差的平方，第四行是两者的交叉项，第五行是噪声之差的平方的期望 $2\sigma^2$，最后两行是噪声平方的平均）：

# %%
# the plateau per point, taken apart

# the noise's standard deviation:
# make_data's noise_std
sigma = 0.5
# (n_train,): known in a toy problem
noise = y_train - at.f(x_train)
# (n_train,): f at each nearest point
f_nearest = at.f(x_train[nearest])
# minus f at the point
gap = f_nearest - at.f(x_train)
# (n_train,)
noise_diff = noise[nearest] - noise
# sq_copy: the copied squared errors
per_point = sq_copy.mean()
gap_part = (gap**2).mean()
noise_part = (noise_diff**2).mean()
cross = 2 * gap * noise_diff
cross_part = cross.mean()
# (n_train,): each point's copied noise
copied_noise = noise[nearest]
copied_eps2 = (copied_noise**2).mean()
mean_eps2 = (noise**2).mean()
print(
    "copied squared error per point:",
    f"{per_point.item():.4f}",
)
print(
    "  (gap of the true values)^2:  ",
    f"{gap_part.item():.4f}",
)
print(
    "  (difference of the noises)^2:",
    f"{noise_part.item():.4f}",
)
print(
    "  cross term 2 * gap * noises: ",
    f"{cross_part.item():.4f}",
)
print(
    "E[(noise diff)^2] = 2 sigma^2: ",
    f"{2 * sigma**2:.4f}",
)
print(
    "mean of epsilon_i^2:           ",
    f"{mean_eps2.item():.4f}",
)
print(
    "mean of the copied epsilon^2:  ",
    f"{copied_eps2.item():.4f}",
)
# the three parts add up to per_point
assert torch.isclose(
    per_point,
    gap_part + noise_part + cross_part,
    atol=1e-4,
)
# nearly all of it is noise
assert gap_part < 0.05 * per_point
# above its expectation here
assert noise_part > 2 * sigma**2
assert copied_eps2 > mean_eps2
assert mean_eps2 > sigma**2

# %% [markdown]
# 平台几乎全部来自噪声之差：相邻的训练点挨得很近，$f$ 在两点之间几乎不变，真实值之差只占很小一部分。
# 噪声之差的平方对噪声取期望是 $2\sigma^2 = 0.5$，这份数据却比它大，原因有二：这次抽到的噪声偏大
# （$\epsilon_i^2$ 的平均高于 $\sigma^2 = 0.25$），而且被好几个邻居同时抄的点恰好噪声更大
# （被抄的 $\epsilon^2$ 平均更高）。准确的说法是：平台的**期望**高度是每点 $2\sigma^2$
# 加上邻居间真实值之差的平方；具体到一份数据，它随抽到的噪声上下浮动。
#
# ## 常见疑问
#
# **为什么一个点不能用自己来预测自己的输出**？因为那样它只会抄自己的标签（见上文“[一个训练点看见自己时](#一个训练点看见自己时)”一节）；
# 训练时让每个点看不到自己，训练的处境才和测试一致。
#
# **为什么要去掉对角线，而且键和值都要去掉**？把 `x_train` 铺成 $n \times n$ 的矩阵后，
# 第 $i$ 行第 $i$ 列正是“查询 $i$ 对键 $i$”。只去掉键而保留值，两者就对不齐了；
# 键和值用同一个掩码去掉对角线，每一行才是“除我之外的所有样本”。
#
# **测试时也要留一吗**？不用。测试输入不在训练集里，键和值就是全部训练数据。
#
# **含自身那条曲线的损失更低，不是更好吗**？更低的是训练损失。它衡量的是“能不能背出训练集”，
# 而不是“能不能预测新输入”。留一法的损失才估计了后者。
#
# ## 练习
#
# 1. 本页已经看到：$w$ 很大时，留一法的损失就是“抄最近的其他点的标签”的损失（平台）。
#    在网格 `torch.logspace(-1, 3, 401)` 上，从哪个 $w$ 起，损失一直在平台的 1% 以内？对应的带宽 $h = 1/w$ 是多少？
#
# <details><summary>答案</summary>
#
# 从 $w \approx 158$ 起，损失一直在平台的 1% 以内；这时 $h \approx 0.0063$，
# 在这份数据里已经小于任意两个训练输入的最小间距（0.0071）。
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> plateau = at.loss_at_w(1e4, x, y)
# >>> ws = torch.logspace(-1, 3, 401)
# >>> losses = torch.tensor([
# ...     at.loss_at_w(w.item(), x, y)
# ...     for w in ws
# ... ])
# >>> gaps = (losses - plateau).abs()
# >>> far = gaps > 0.01 * plateau
# >>> last_far = far.nonzero().max()
# >>> # the grid point after it
# >>> first = last_far.item() + 1
# >>> w_first = ws[first].item()
# >>> round(w_first, 2)
# 158.49
# >>> round(1 / w_first, 4)
# 0.0063
# >>> # the closest two training inputs
# >>> round(x.diff().min().item(), 4)
# 0.0071
# ```
#
# </details>
#
# 2. 不留一：键和值都用 `repeat((n_train, 1))` 铺满（含自身），从本章的初值（`at.SEED` 下的 $w = 0.4963$）出发用 SGD（`lr=0.5`）训练 20 轮，
#    每轮记下 $w$。$w$ 会停下来吗？
#
# <details><summary>答案</summary>
#
# 不会：每一轮 $w$ 都比上一轮大。光是递增还说明不了什么，递增的数也可能趋于一个极限；关键在于：$w$ 若停在某个值上，那里的梯度必须是 0，而含自身的键时损失没有最低点（见上文“[含自身的键：损失一路滑向 0](#含自身的键损失一路滑向-0)”一节），梯度处处不为 0。
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> _ = torch.manual_seed(at.SEED)
# >>> model = at.NWKernelRegression()
# >>> n_train = len(x)
# >>> keys = x.repeat((n_train, 1))
# >>> values = y.repeat((n_train, 1))
# >>> trainer = torch.optim.SGD(
# ...     model.parameters(),
# ...     lr=0.5,
# ... )
# >>> w_seen = []
# >>> for epoch in range(20):
# ...     trainer.zero_grad()
# ...     pred = model(x, keys, values)
# ...     err = pred - y
# ...     loss = (err**2).sum()
# ...     loss.backward()
# ...     trainer.step()
# ...     w_seen.append(model.w.item())
# >>> pairs = zip(w_seen, w_seen[1:])
# >>> all(later > earlier
# ...     for earlier, later in pairs)
# True
# ```
#
# </details>
#
# 3. 只有两个训练点时，留一法的损失怎样随 $w$ 变化？
#
# <details><summary>答案</summary>
#
# 完全不变。每个点只剩另一个点可看，softmax 把全部权重给它，预测值就是对方的标签，与 $w$ 无关，
# 损失恒为 $2(y_1 - y_2)^2$。
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> x = torch.tensor([0.0, 1.0])
# >>> y = torch.tensor([1.0, 3.0])
# >>> [at.loss_at_w(w, x, y)
# ...  for w in [0.1, 1.0, 10.0]]
# [8.0, 8.0, 8.0]
# ```
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.training.loss_at_w">loss_at_w</autoref>、<autoref identifier="attention_tutorial.analysis.loss_curve">loss_curve</autoref>、<autoref identifier="attention_tutorial.analysis.best_w">best_w</autoref>、<autoref identifier="attention_tutorial.figures.curves.plot_loss_vs_w">plot_loss_vs_w</autoref>、<autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>、<autoref identifier="attention_tutorial.explorer.bandwidth_explorer">bandwidth_explorer</autoref>、<autoref identifier="attention_tutorial.data.f">f</autoref>
# - PyTorch：`torch.logspace`、`torch.nn.functional.softmax`、`Tensor.fill_diagonal_`、`Tensor.argmin`
# - 张量 API 手册：[repeat_interleave 与 repeat](handbook/repeat.py)、[torch.eye 与布尔掩码](handbook/mask.py)、[softmax 与 dim](handbook/softmax.py)
