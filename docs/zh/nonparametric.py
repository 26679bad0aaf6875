# %% [markdown]
# # 非参数注意力汇聚：Nadaraya-Watson 核回归
#
# 1964 年，Nadaraya 和 Watson 各自提出了同一个想法：要预测输入 $x$ 处的输出，就把训练样本的输出
# $y_i$ 加权平均，离 $x$ 越近的样本权重越大。用注意力的语言说，$x$ 是**查询**，训练输入 $x_i$
# 是**键**，训练输出 $y_i$ 是**值**，加权平均就是**注意力汇聚**；查询相当于自主性提示，键相当于非自主性提示（见《[注意力提示](cues.py)》）。这个模型没有任何需要学习的参数，所以叫作*非参数*注意力汇聚。

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## 数据
#
# 目标函数是 $f(x) = 2\sin(x) + x^{0.8}$。在 $[0, 5)$ 中随机取 50 个训练输入并排序，输出加上均值为 0、标准差为 0.5 的噪声；测试输入是 `torch.arange(0, 5, 0.1)`，它们对应的真实值 $f(x)$ 不含噪声。`make_data` 用固定的种子生成这些张量，
# `describe` 打印名字、形状和开头结尾几个值。

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = len(x_train)
n_test = len(x_test)
at.describe("x_train", x_train)
at.describe("y_train", y_train)
at.describe("x_test", x_test)

# %% [markdown]
# ## 从核函数到 softmax
#
# Nadaraya-Watson 估计用核函数 $K$ 衡量查询 $x$ 与每个键 $x_i$ 的接近程度。估计值记作 $\hat f(x)$，以区别于真实函数 $f$：
#
# $$\hat f(x) = \sum_{i=1}^{n} \frac{K(x - x_i)}{\sum_{j=1}^{n} K(x - x_j)}\, y_i .$$
#
# 分母把权重归一化，所有权重之和为 1。取**高斯核**
#
# $$K(u) = \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{u^2}{2}\right),$$
#
# 常数 $\frac{1}{\sqrt{2\pi}}$ 在分子分母中约掉，剩下的正好是在所有键之间做的 softmax（记作 $\operatorname{softmax}_i$）：
#
# $$\begin{aligned}
# \hat f(x) &= \sum_{i=1}^{n} \frac{\exp\left(-\frac{1}{2}(x - x_i)^2\right)}{\sum_{j=1}^{n} \exp\left(-\frac{1}{2}(x - x_j)^2\right)}\, y_i \\
# &= \sum_{i=1}^{n} \operatorname{softmax}_i\left(-\frac{1}{2}(x - x_i)^2\right) y_i .
# \end{aligned}$$
#
# 注意指数里的负号：$x$ 与 $x_i$ 离得越远，${-(x - x_i)^2/2}$ 越小，权重也就越小。下面用一个查询验证这两种写法给出同样的权重。

# %%
# one query, x = 1.0
query = x_test[10]
# (n_train,): the query minus each key
diffs = query - x_train
# (n_train,)
kernel = at.gaussian_kernel(diffs)
# (n_train,): the weights, two ways
by_kernel = kernel / kernel.sum()
by_softmax = F.softmax(
    -(diffs**2) / 2,
    dim=0,
)
print(f"query = {query.item():.1f}")
difference = by_kernel - by_softmax
largest = difference.abs().max().item()
print(
    "max |difference| =",
    f"{largest:.1e}",
)
total = by_softmax.sum().item()
print(
    "sum of weights   =",
    round(total, 6),
)

# %% [markdown]
# ## 把查询铺成矩阵
#
# 每个测试输入都要和全部 50 个训练输入比较。做法是先把每个查询重复 `n_train` 次，再排成 `(n_test, n_train)` 的矩阵：第 $i$ 行全是第 $i$ 个查询。
# `repeat_interleave` 把每个元素连续重复，`reshape(-1, n_train)` 中的 `-1`
# 让 PyTorch 自己算出行数。

# %%
# (n_test * n_train,)
queries = x_test.repeat_interleave(
    n_train,
)
print(
    "after repeat_interleave:",
    tuple(queries.shape),
)
# (n_test, n_train)
queries = queries.reshape(-1, n_train)
print(
    "after reshape:          ",
    tuple(queries.shape),
)
print(queries[:3, :3])

# %% [markdown]
# `queries - x_train` 中，形状为 `(n_train,)` 的 `x_train` 被广播到每一行，于是第 $i$ 行第 $j$ 列是 $q_i - x_j$：第 $i$ 个查询 $q_i$（测试输入 `x_test[i]`）减去第 $j$ 个键 $x_j$（训练输入 `x_train[j]`）。这里换了记号：上面的公式只有一个查询，记作 $x$，键的下标是 $i$；矩阵里有许多查询，查询记作 $q_i$，按行编号 $i$，键按列编号 $j$。沿 `dim=1`（每一行）做 softmax，每一行的权重之和为 1；再用矩阵乘法 `torch.matmul` 把每行权重与值向量相乘，得到每个查询的预测。

# %%
# (n_test, n_train)
scores = -((queries - x_train) ** 2) / 2
# (n_test, n_train)
attention_weights = F.softmax(
    scores,
    dim=1,
)
# (n_test,)
y_hat = torch.matmul(
    attention_weights,
    y_train,
)
print(
    "attention_weights:",
    tuple(attention_weights.shape),
)
print("row sums of the first 4 rows:")
row_sums = attention_weights.sum(dim=1)
print(row_sums[:4])
print("y_hat:", tuple(y_hat.shape))

# %% [markdown]
# 包里的 `nadaraya_watson` 就是上面这几行；它同时返回预测和注意力权重。
# `nadaraya_watson_broadcast` 不铺矩阵，直接用广播 `queries[:, None] - keys[None, :]`，两者结果相同。

# %%
# each returns (prediction, weights)
tiled = at.nadaraya_watson(
    x_test,
    x_train,
    y_train,
)
broad = at.nadaraya_watson_broadcast(
    x_test,
    x_train,
    y_train,
)
y_hat_tiled, _ = tiled
y_hat_broadcast, _ = broad
same_tiled = torch.allclose(
    y_hat_tiled,
    y_hat,
)
same_broadcast = torch.allclose(
    y_hat_tiled,
    y_hat_broadcast,
)
# True: each equals y_hat above
print("tiled:", same_tiled)
print("broadcast:", same_broadcast)
assert same_tiled and same_broadcast

# %% [markdown]
# ## 注意力权重热图
#
# 热图的每一行是一个查询（测试输入），每一列是一个键（训练输入），格子越醒目，权重越大（浅色页上越深，深色页上越亮）。训练输入和测试输入都已排好序，所以权重集中在对角线附近：每个查询主要关注离它最近的那些键。每一列画在它的键 $x_i$ 处，两边各伸到与相邻键的中点，所以键稀疏的地方列更宽：键是随机抽取的训练输入，间隔并不均匀。

# %%
at.plot_attention_heatmap(
    attention_weights,
    queries=x_test,
    keys=x_train,
)

# %% [markdown]
# ## 拟合结果
#
# 与平均汇聚的一条水平线相比，Nadaraya-Watson 的预测跟上了 $f(x)$ 的起伏，但在峰谷处偏平：高斯核的宽度固定为 1，窗口里总混进较远的点。先手动换几个宽度看看；《[带参数的注意力汇聚](parametric.py)》一页再让模型自己学习它。

# %%
y_truth = data.y_truth
# (n_test,)
errors = y_hat - y_truth
mse = (errors**2).mean().item()
print(
    "test MSE against the true f:",
    f"{mse:.4f}",
)
at.plot_fit(
    x_test,
    y_truth,
    y_hat,
    x_train,
    y_train,
)

# %% [markdown]
# ## 不同带宽一览
#
# 上面的高斯核宽度固定为 1。给核加上**带宽** $h$（也叫窗宽），距离先除以 $h$ 再平方：
#
# $$\hat f(x) = \sum_{i=1}^{n} \operatorname{softmax}_i\left(-\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2\right) y_i .$$
#
# `nadaraya_watson` 的 `bandwidth` 参数就是 $h$，默认值 1 给出的正是上面的结果。下面试四个带宽，分别打印测试 MSE 和“有效键数”（keys in use）：一个查询的注意力权重为 $\alpha_1, \dots, \alpha_n$ 时，它是 $1 / \sum_i \alpha_i^2$，在所有查询上取平均。权重平均分给 $m$ 个键时它正好等于 $m$，全部落在一个键上时等于 1。

# %%
bandwidths = [0.1, 0.3, 1.0, 3.0]
print(
    f"{'h':>4}",
    f"{'test MSE':>8}",
    f"{'keys in use':>11}",
    sep="  ",
)
for h in bandwidths:
    pooled = at.nadaraya_watson(
        x_test,
        x_train,
        y_train,
        bandwidth=h,
    )
    # (n_test,), (n_test, n_train)
    y_hat_h, weights_h = pooled
    errors_h = y_hat_h - y_truth
    mse_h = (errors_h**2).mean().item()
    # (n_test,): sum of squared weights
    sum_sq = (weights_h**2).sum(dim=1)
    # 1 / sum_sq is m when m keys share
    # the weight equally; averaged over
    # the queries
    in_use = (1 / sum_sq).mean().item()
    print(
        f"{h:>4}",
        f"{mse_h:>8.4f}",
        f"{in_use:>11.1f}",
        sep="  ",
    )

# %% [markdown]
# 每行一个带宽：左边是拟合，右边是它的注意力权重。每张热图有自己的颜色范围，请留意颜色条上的数值：

# %%
at.plot_bandwidth_gallery(
    x_test,
    y_truth,
    x_train,
    y_train,
    bandwidths,
)

# %% [markdown]
# 带宽决定每个查询“看多远”：
#
# - **带宽很小**（$h = 0.1$）：权重集中在离查询最近的三四个训练点上（上面打印的 keys in use 是 3.7），热图是一条细线。预测紧追每个样本，连噪声也一起学了进去，曲线抖动。$h \to 0$ 时就变成了最近邻：直接照抄最近那个样本的输出。
# - **带宽很大**（$h = 3$）：几乎所有训练点的权重都差不多，热图糊成一片，预测接近[平均汇聚](average.py)的那条水平线，函数的起伏被抹平了。
# - 两者之间，平均的范围足以抵消噪声，又不至于把峰谷抹平。上面打印的测试 MSE 中，最小的那个出现在中间的带宽上，而不是两端。
#
# 这就是统计学里的偏差-方差权衡：带宽小，偏差小、方差大；带宽大，偏差大、方差小。样本越来越多时带宽该怎样缩小，估计才会收敛到真实函数，见《[训练后的曲线为何不平滑](smoothness.py#理论背景相合性与局部常数拟合)》一页的“理论背景”。
#
# 要提醒一句：这里用 `y_truth` 挑带宽，只在玩具问题里才做得到，真实问题里没有不含噪声的答案。只用训练数据挑带宽的办法是[留一法](leave-one-out.py)；《[带参数的注意力汇聚](parametric.py)》一页则把 $w = 1/h$ 当作参数来学习。
#
# ## 带宽探索器：自己拧一拧
#
# 四个带宽只是四张快照。下面的探索器只有一个旋钮 $w$，也就是带宽的倒数 $h = 1/|w|$（《[带参数的注意力汇聚](parametric.py)》一页会把它当作可学习的参数；学到的 $w$ 可能是负数，而分数里 $w$ 要平方，正负无关，所以取绝对值）。拖动滑块，$w$ 在 0.1 到 1000 之间按对数坐标移动，四幅图一起变化。也可以用 Tab 键移到滑块上（或点一下它）再用键盘：方向键每次移动一小步，PageUp 和 PageDown 一次移动一大段，Home 和 End 直接跳到两端。滑块旁边依次是 $w$、带宽 $h$ 和当前的留一法损失 $L$。四幅图是：
#
# 1. 拟合曲线、真实函数与训练数据；
# 2. 三个查询（$x = 0$、$2.5$、$4$）的注意力权重，画在键的位置上：带宽就是这些“鼓包”的宽度；
# 3. 注意力权重热图，行是查询，列是键，颜色按当前最大的权重归一化（图上方的色标从 0 到这个最大值）；
# 4. 留一法训练损失随 $w$ 的变化（《[为什么要留一](leave-one-out.py)》一页会细讲），竖线和线上的圆点是当前的 $w$，星号是滑块能到达的最低点（滑块一步一步地取值，真正的最低点可能落在两步之间）。
#
# 图由浏览器当场计算，不联网；没有 JavaScript 时显示 $w = 1$ 的静态图。

# %%
at.bandwidth_explorer(
    data,
    w=1.0,
    query_indices=(0, 25, 40),
)

# %% [markdown]
# 试着把 $w$ 拉到 10 以上：鼓包变成细针，热图只剩对角线，拟合开始追着每个噪声点跑；拉到 0.3 以下：鼓包摊平，拟合趋向一条水平线。再留意 $x = 0$ 那个查询的鼓包：它只有右半边（这为什么要紧，见下文“[边界偏差](#边界偏差)”一节）。

# %% [markdown]
# ## 查询和键能互换吗？
#
# 查询是“要预测的位置”，键值对是“已知的样本”。如果把两者对调，写成
# `nadaraya_watson(x_train, x_test, values)`，查询变成训练输入，键变成测试输入，而值必须是**键处的输出**，也就是测试输入上的 $y$。这恰恰是我们想要预测的东西，预测时手里并没有它。只有在这个玩具问题里，我们才有 `y_truth` 可以塞进去：

# %%
# queries x_train, keys x_test, and as
# values the outputs at the keys
swapped = at.nadaraya_watson(
    x_train,
    x_test,
    y_truth,
)
# (n_train,), (n_train, n_test)
y_swapped, weights_swapped = swapped
print(
    "y_swapped:",
    tuple(y_swapped.shape),
)
print(
    "weights_swapped:",
    tuple(weights_swapped.shape),
)

# %% [markdown]
# 这次调用能运行，但回答的是另一个问题：把已知的真实曲线“搬”到训练输入上。因为 `n_train` 与 `n_test` 都是 50，结果的形状和正确调用一模一样，光看形状看不出问题。
#
# 这并非杞人忧天。《动手学深度学习》本节的 TensorFlow 代码就错在这里：把查询写成了 `x_train`（`tf.expand_dims(x_train, axis=1)`），而不是 `x_test`。每个训练输入去和所有训练输入比较（包括它自己），得到的是训练输入处的预测，却被当作测试输入处的预测画了出来。用 PyTorch 重现一遍：

# %%
# d2l's TensorFlow mistake, in PyTorch:
# the queries are built from x_train

# (n_train * n_train,)
q_wrong = x_train.repeat_interleave(
    n_train,
)
# (n_train, n_train): not n_test rows
q_wrong = q_wrong.reshape(-1, n_train)
# (n_train, n_train)
diffs_wrong = q_wrong - x_train
weights_wrong = F.softmax(
    -(diffs_wrong**2) / 2,
    dim=1,
)
# (n_train,)
y_hat_wrong = torch.matmul(
    weights_wrong,
    y_train,
)
print(
    "y_hat_wrong:",
    tuple(y_hat_wrong.shape),
    "  x_test:",
    tuple(x_test.shape),
)
sq_wrong = (y_hat_wrong - y_truth) ** 2
mse_wrong = sq_wrong.mean().item()
print(
    "'test MSE' of the wrong code:",
    f"{mse_wrong:.4f}",
)

# %% [markdown]
# 形状完全对得上，所以没有任何报错，还能算出一个“测试 MSE”，但这个数拿训练输入处的预测去比测试输入处的真实值，没有意义。
#
# 两处错误之所以不露马脚，都只因为 `n_train` 和 `n_test` 碰巧相等。换成 40 个训练样本（`make_data(n_train=40)`），区别立刻显现：正确的调用给出 `n_test` 个预测，对调之后给出 `n_train` 个；如果用我们真正拥有的 `y_train` 当值，长度对不上，直接报错：

# %%
data40 = at.make_data(n_train=40)
x_train40 = data40.x_train
y_train40 = data40.y_train
x_test40 = data40.x_test
y_truth40 = data40.y_truth
right40 = at.nadaraya_watson(
    x_test40,
    x_train40,
    y_train40,
)
# (n_test,), (n_test, n_train)
y_hat40, weights40 = right40
print(
    "right way round:",
    tuple(y_hat40.shape),
    tuple(weights40.shape),
)
swapped40 = at.nadaraya_watson(
    x_train40,
    x_test40,
    y_truth40,
)
# (n_train,), (n_train, n_test)
y_swap40, weights_swap40 = swapped40
print(
    "swapped:        ",
    tuple(y_swap40.shape),
    tuple(weights_swap40.shape),
)
# swapped, with the values we have
# (prints_error: the error's message,
# wrapped at 40 characters)
with at.prints_error(
    ValueError,
    width=40,
):
    at.nadaraya_watson(
        x_train40,
        x_test40,
        y_train40,
    )

# %% [markdown]
# TensorFlow 版的写法也一样：拿它的 40 个预测去和 50 个真实值相减，或者把它们画出来，都会报错：

# %%
n_train40 = len(x_train40)
# (n_train * n_train,)
q_wrong40 = x_train40.repeat_interleave(
    n_train40,
)
# (n_train, n_train) = (40, 40)
q_wrong40 = q_wrong40.reshape(
    -1,
    n_train40,
)
# (40, 40)
diffs_wrong40 = q_wrong40 - x_train40
weights_wrong40 = F.softmax(
    -(diffs_wrong40**2) / 2,
    dim=1,
)
# (40,)
y_hat_wrong40 = torch.matmul(
    weights_wrong40,
    y_train40,
)
with at.prints_error(
    RuntimeError,
    width=40,
):
    # (40,) - (50,)
    (y_hat_wrong40 - y_truth40) ** 2
with at.prints_error(
    ValueError,
    width=40,
):
    at.plot_fit(
        x_test40,
        y_truth40,
        y_hat_wrong40,
        x_train40,
        y_train40,
    )

# %% [markdown]
# 报错信息索引：
#
# - [`… must have the same length`](handbook/errors.py#-must-have-the-same-length)
# - [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](handbook/errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)
#
# 所以检查形状时，让 `n_train` 与 `n_test` 取不同的值：形状写错的代码就会报错，而不是悄悄画出一张错图。

# %% [markdown]
# ## 边界偏差
#
# 拟合图里误差最大的地方在左端：$x = 0$ 处的真实值是 0，预测却高出 2 以上。查询 0 的左边没有训练点，它只能向右边的键借值。这叫**边界偏差**（boundary bias）；它从哪里来、怎样用局部线性回归去掉它的大部分，见下一页《[边界偏差与局部线性回归](local-linear.py)》。

# %% [markdown]
# ## 常见疑问
#
# **距离越远，权重越大吗**？**指数里的负号能漏吗**？不是，也不能。正是指数里的负号让越远的键权重越小（见[公式下面那句](#从核函数到-softmax)）；漏掉它，
# $\exp\left(+\frac{1}{2}(x - x_i)^2\right)$ 会把最大的权重给离查询**最远**的训练点。展开成点积形式时符号同样不能错：
# 分数是 $qk - \frac{1}{2}k^2$，不是 $\frac{1}{2}k^2 - qk$（见《[从高斯核到点积注意力](dot-product.py)》一页的“[把平方展开](dot-product.py#把平方展开)”一节）。
#
# **分母里该写 $x_i$ 还是 $x_j$**？在公式
# $\hat f(x) = \sum_i \frac{K(x - x_i)}{\sum_j K(x - x_j)} y_i$ 里写 $x_j$：分母是对所有键求和，
# 和分子里的 $i$ 无关。如果误写成 $\sum_j K(x - x_i)$，它就等于 $n K(x - x_i)$，
# 每个权重都变成 $1/n$——模型悄悄退化成了[平均汇聚](average.py)（见练习 5）。
#
# **这是注意力还是 k 近邻**？两者都是“用附近样本的输出做平均”。k 近邻（k-NN）给最近的 $m$ 个样本相同的权重 $1/m$，其余为 0（通常把 $m$ 记作 $k$，但这里 $k$ 已经用来表示键）；Nadaraya-Watson 给所有样本权重，随距离平滑地衰减。带宽趋于 0 时，它就变成了只看最近一个样本的最近邻。把“距离”换成查询与键的任意相似度，就是一般的注意力汇聚。
#
# 上文已经回答的问题：带宽越小越好吗？不是，见“[不同带宽一览](#不同带宽一览)”一节。训练数据和测试数据能对调吗？形状都对上了，代码就一定对吗？见“[查询和键能互换吗？](#查询和键能互换吗)”一节。
#
# ## 练习
#
# 1. 带宽很小时，Nadaraya-Watson 的预测为什么接近最近邻？用三个键值对验证。
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> keys = torch.tensor(
# ...     [0.0, 1.0, 3.0]
# ... )
# >>> values = torch.tensor(
# ...     [10.0, 20.0, 30.0]
# ... )
# >>> queries = torch.tensor(
# ...     [0.9, 2.5]
# ... )
# >>> y_hat, _ = at.nadaraya_watson(
# ...     queries,
# ...     keys,
# ...     values,
# ...     bandwidth=0.05,
# ... )
# >>> y_hat
# tensor([20., 30.])
# ```
#
# 查询 0.9 离键 1 最近，2.5 离键 3 最近。带宽很小时，最近的键与其他键的分数相差极大，
# softmax 几乎把全部权重给了最近的键，预测就等于它的值。
#
# </details>
#
# 2. 把查询、键都乘以 10，带宽也乘以 10，注意力权重会变吗？这说明带宽的单位是什么？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x_test = data.x_test
# >>> x_train = data.x_train
# >>> y_train = data.y_train
# >>> _, w1 = at.nadaraya_watson(
# ...     x_test,
# ...     x_train,
# ...     y_train,
# ...     bandwidth=0.5,
# ... )
# >>> _, w10 = at.nadaraya_watson(
# ...     10 * x_test,
# ...     10 * x_train,
# ...     y_train,
# ...     bandwidth=5.0,
# ... )
# >>> torch.allclose(
# ...     w1,
# ...     w10,
# ...     atol=1e-6,
# ... )
# True
# ```
#
# 不变。分数只依赖 $(x - x_i)/h$，所以带宽和输入 $x$ 的单位相同：把输入从米换成分米，带宽也要跟着乘以 10。
#
# </details>
#
# 3. 如果把 softmax 写成 `dim=0`，会发生什么？用 `n_train = 40` 的数据检查行和与列和。
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> from torch.nn import (
# ...     functional as F,
# ... )
# >>> import attention_tutorial as at
# >>> data = at.make_data(n_train=40)
# >>> q = data.x_test[:, None]
# >>> k = data.x_train[None, :]
# >>> # (n_test, n_train)
# >>> scores = -((q - k) ** 2) / 2
# >>> wrong = F.softmax(scores, dim=0)
# >>> tuple(wrong.shape)
# (50, 40)
# >>> torch.allclose(
# ...     wrong.sum(dim=1),
# ...     torch.ones(50),
# ... )
# False
# >>> torch.allclose(
# ...     wrong.sum(dim=0),
# ...     torch.ones(40),
# ... )
# True
# ```
#
# `dim=0` 沿着列（在所有查询之间）归一化：每个键的一列和为 1，而每个查询的一行不再和为 1，预测也就不再是值的加权平均。形状没有变，所以这个错误不会报错，只能靠检查行和发现。
#
# </details>
#
# 4. 在带宽 0.1、0.2、0.3、0.5、1.0 中，哪一个的测试 MSE 最小？这种挑法在实际问题里可行吗？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> def test_mse(h):
# ...     pred, _ = at.nadaraya_watson(
# ...         data.x_test,
# ...         data.x_train,
# ...         data.y_train,
# ...         bandwidth=h,
# ...     )
# ...     err = pred - data.y_truth
# ...     return (err**2).mean().item()
# >>> hs = [0.1, 0.2, 0.3, 0.5, 1.0]
# >>> min(hs, key=test_mse)
# 0.3
# ```
#
# 不可行：它用到了不含噪声的 `y_truth`，实际问题里没有。只用训练数据挑带宽，要靠[留一法](leave-one-out.py)。
#
# </details>
#
# 5. 把分母误写成 $\sum_j K(x - x_i)$，预测会变成什么？
#
# <details><summary>答案</summary>
#
# 分母等于 $n K(x - x_i)$，每个权重都是 $1/n$，预测就是 `y_train` 的平均值，与查询无关：
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x = data.x_train
# >>> y = data.y_train
# >>> query = 1.0
# >>> # K(query - x_i) for each x_i
# >>> kernel = at.gaussian_kernel(
# ...     query - x
# ... )
# >>> # the mistake: sum over j of
# >>> # K(query - x_i): n equal terms
# >>> denominator = len(x) * kernel
# >>> weights = kernel / denominator
# >>> y_hat = (weights * y).sum()
# >>> torch.allclose(y_hat, y.mean())
# True
# ```
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、<autoref identifier="attention_tutorial.pooling.gaussian_kernel">gaussian_kernel</autoref>、<autoref identifier="attention_tutorial.data.make_data">make_data</autoref>、<autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmap">plot_attention_heatmap</autoref>、<autoref identifier="attention_tutorial.figures.curves.plot_fit">plot_fit</autoref>、<autoref identifier="attention_tutorial.figures.attention.plot_bandwidth_gallery">plot_bandwidth_gallery</autoref>、<autoref identifier="attention_tutorial.explorer.bandwidth_explorer">bandwidth_explorer</autoref>、<autoref identifier="attention_tutorial.pooling.nadaraya_watson_broadcast">nadaraya_watson_broadcast</autoref>、<autoref identifier="attention_tutorial.data.describe">describe</autoref>、<autoref identifier="attention_tutorial.data.prints_error">prints_error</autoref>
# - PyTorch：`torch.repeat_interleave`、`Tensor.reshape`、`torch.nn.functional.softmax`、`torch.matmul`
# - 张量 API 手册：[repeat_interleave 与 repeat](handbook/repeat.py)、[reshape 与 view](handbook/reshape.py)、[expand 与广播](handbook/expand.py)、[softmax 与 dim](handbook/softmax.py)、[torch.matmul](handbook/matmul.py)
