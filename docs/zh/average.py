# %% [markdown]
# # 平均汇聚
#
# 先用最简单的办法解这个回归问题：不管查询是什么，都预测全部训练输出的平均值。它几乎称不上模型，却是后面各种注意力汇聚的一条基线，也是练习两个张量知识点的好机会：
# 0 维张量和 `repeat_interleave`。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## 估计器
#
# 数据来自上一页的 <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>：
# `n_train` 个带噪声的训练样本 $(x_i, y_i)$，`n_test` 个测试输入。
# **平均汇聚**对任意输入 $x$ 都给出同一个预测：
#
# $$f(x) = \frac{1}{n} \sum_{i=1}^{n} y_i .$$
#
# 这里的 $n$ 就是代码里的 `n_train`，训练样本的个数。写成注意力汇聚 $f(x) = \sum_i \alpha(x, x_i)\, y_i$ 的形式，就是每个注意力权重都等于 $\frac{1}{n}$：权重既不看查询 $x$，也不看键 $x_i$。

# %%
data = at.make_data()
x_train, y_train, x_test, y_truth = (
    data.x_train,
    data.y_train,
    data.x_test,
    data.y_truth,
)
n_train = data.n_train
n_test = data.n_test
print(
    f"n_train = {n_train}",
    f"n_test = {n_test}",
    sep="   ",
)

# %% [markdown]
# ## 均值是一个 0 维张量
#
# `y_train.mean()` 把全部元素归约成一个数。它仍然是张量，但形状是空元组 `()`，维数 `dim()` 为 0，叫作 **0 维张量**（标量张量）。要取出其中的 Python 浮点数，用 `.item()`。

# %%
# (n_train,) -> ()
mean = y_train.mean()
print(
    f"shape: {tuple(mean.shape)}",
    f"dim: {mean.dim()}",
    f"value: {mean.item():.4f}",
    sep="   ",
)

# %% [markdown]
# ## 用 repeat_interleave 复制出 n_test 个预测
#
# 每个测试输入都需要一个预测，所以把这个均值重复 `n_test` 次。
# `repeat_interleave(repeats)` 把每个元素紧挨着连续重复 `repeats` 次；不给 `dim` 时，输入先被展平成一维，0 维张量就被当作只有一个元素的向量，结果的形状是 `(n_test,)`。写成 `mean.repeat_interleave(n_test)` 或 `torch.repeat_interleave(mean, n_test)` 都一样。

# %%
# () -> (n_test,)
y_hat = mean.repeat_interleave(n_test)
at.describe("y_hat", y_hat)

# %% [markdown]
# 顺便对比几个容易混淆的形状和操作。对 0 维张量（以及只有一个元素的一维张量），`repeat_interleave` 和 `Tensor.repeat`
# 结果相同；元素多于一个时就不同了：前者让每个元素连续重复，后者把整个张量首尾相接地重复。

# %%
# () -> (1,): a one-element vector is
# not 0-d
one = mean.reshape(1)
print(tuple(one.shape))
# () -> (3,): the same both ways
each0 = mean.repeat_interleave(3)
whole0 = mean.repeat(3)
same0 = torch.equal(each0, whole0)
print(
    tuple(each0.shape),
    tuple(whole0.shape),
    same0,
)
assert same0
# (1,) -> (3,): the same both ways too
each = one.repeat_interleave(3)
whole = one.repeat(3)
same = torch.equal(each, whole)
print(
    tuple(each.shape),
    tuple(whole.shape),
    same,
)
assert same
# (2,)
pair = torch.tensor([1, 2])
# (2,) -> (4,)
print(pair.repeat_interleave(2))
# (2,) -> (4,)
print(pair.repeat(2))

# %% [markdown]
# ## 包里的 average_pooling
#
# <autoref identifier="attention_tutorial.pooling.average_pooling">average_pooling</autoref>
# 做同样的事，并且像其他汇聚函数一样同时返回注意力权重，形状为 `(n_test, n_train)`：每个查询一行，每个键一列。所有权重都相同，等于 $1/n$；用它们对值做加权平均，得到的正是均值。

# %%
# the predictions and the weights
y_pkg, weights = at.average_pooling(
    x_test,
    y_train,
)
# (n_test,)
print("y_pkg:", tuple(y_pkg.shape))
# (n_test, n_train)
print("weights:", tuple(weights.shape))
same_prediction = torch.equal(
    y_pkg,
    y_hat,
)
print(
    "same prediction:",
    same_prediction,
)
assert same_prediction
# each distinct value once
distinct = weights.unique()
print("distinct weights:", distinct)
weight = 1 / n_train
print(f"1 / n_train = {weight:.4f}")
# (n_test, n_train) @ (n_train,)
# -> (n_test,)
weighted = weights @ y_train
equals_mean = torch.allclose(
    weighted,
    y_hat,
)
print(
    "weighted average equals the mean:",
    equals_mean,
)
assert equals_mean

# %% [markdown]
# 画成热图（每行一个查询，每列一个键），整张图是同一种颜色：每个查询都平均地关注所有键。颜色条从 0 画到每个格子里共同的那个权重 `1 / n_train`，所以每个格子都是颜色条顶端的颜色。下一页的热图会沿对角线出现明显的结构。

# %%
at.plot_attention_heatmap(
    weights,
    queries=x_test,
    keys=x_train,
)

# %% [markdown]
# ## 拟合结果
#
# 预测是一条水平线，真实函数的起伏完全没有体现出来。用**测试 MSE**（预测与不含噪声的
# $f(x)$ 之差的平方的平均）衡量它有多差；后面几页都用同一个指标，数字可以直接比较。

# %%
# (n_test,) -> ()
mse = ((y_hat - y_truth) ** 2).mean()
print(
    "test MSE against the true f:",
    f"{mse.item():.4f}",
)
at.plot_fit(
    x_test,
    y_truth,
    y_hat,
    x_train,
    y_train,
)

# %% [markdown]
# 平均汇聚的问题在于它扔掉了输入 $x_i$：离查询近的样本和远的样本被一视同仁。下一页的《[非参数注意力汇聚](nonparametric.py)》让离查询近的样本得到更大的权重。
#
# ## 常见疑问
#
# **`y_train.mean()` 的形状为什么是 `()` 而不是 `(1,)`**？对全部元素求平均会把所有维度都归约掉，剩下一个 0 维张量。`(1,)` 是有一个元素的一维张量，两者打印出来不同（`tensor(1.5000)` 与
# `tensor([1.5000])`），取下标也不同：对 0 维张量写 `t[0]` 会报错，对 `(1,)` 的张量则取出唯一的元素。
#
# **`repeat_interleave` 和 `repeat` 有什么区别**？`repeat_interleave` 把每个元素连续重复（`[1, 2]` → `[1, 1, 2, 2]`），`repeat` 把整个张量首尾相接地重复（`[1, 2]` → `[1, 2, 1, 2]`）。对一个数来说两者一样；非参数汇聚铺查询矩阵时，用的是 `repeat_interleave`。
#
# **平均汇聚也算注意力汇聚吗**？算，它是权重恒为 $1/n$ 的特例。但它既不看查询也不看键，用《[注意力提示](cues.py)》一页的话说，它连非自主性提示都没有用上。
#
# **预测明明是同一个数，为什么还要存 `n_test` 份**？为了和其他汇聚方法接口一致：每个查询一个预测，画图和计算误差的代码都不用改。
#
# **为什么用 `y_truth` 而不是 `y_train` 计算误差**？`y_train` 含噪声，而且是模型见过的数据。我们想知道模型离真实函数有多近，所以在测试输入上和不含噪声的 $f(x)$ 比较。
#
# ## 练习
#
# 1. 在所有常数预测中，哪一个的训练 MSE 最小？用代码验证均值比它附近的常数更好，再给出理由。
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import attention_tutorial as at
# >>> y_train = at.make_data().y_train
# >>> def train_mse(c):
# ...     d = y_train - c
# ...     return (d**2).mean().item()
# >>> mean = y_train.mean().item()
# >>> best = train_mse(mean)
# >>> for step in (-0.1, 0.1):
# ...     c = mean + step
# ...     print(best < train_mse(c))
# True
# True
# ```
#
# 把 $L(c) = \frac{1}{n}\sum_i (y_i - c)^2$ 对 $c$ 求导并令其为 0：$-\frac{2}{n}\sum_i (y_i - c) = 0$，解得 $c = \frac{1}{n}\sum_i y_i$。$L(c)$ 是开口向上的抛物线（二阶导数 $L''(c) = 2 > 0$），这个驻点就是最小值。因此平均汇聚是“只能输出一个常数”时最好的选择。
#
# </details>
#
# 2. 对下面的二维张量 `y`，分别预测三次调用的结果，再运行验证：
#
#    ```python
#    import torch
#    y = torch.tensor([[1, 2], [3, 4]])
#    torch.repeat_interleave(y, 2)
#    torch.repeat_interleave(y, 2, dim=0)
#    r = torch.tensor([1, 2])
#    torch.repeat_interleave(y, r, dim=0)
#    ```
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> y = torch.tensor(
# ...     [[1, 2], [3, 4]]
# ... )
# >>> torch.repeat_interleave(y, 2)
# tensor([1, 1, 2, 2, 3, 3, 4, 4])
# >>> torch.repeat_interleave(
# ...     y, 2, dim=0
# ... )
# tensor([[1, 2],
#         [1, 2],
#         [3, 4],
#         [3, 4]])
# >>> r = torch.tensor([1, 2])
# >>> torch.repeat_interleave(
# ...     y, r, dim=0
# ... )
# tensor([[1, 2],
#         [3, 4],
#         [3, 4]])
# ```
#
# 不给 `dim` 时先展平再重复；给了 `dim=0` 就整行重复；`repeats` 是张量时（这里是 `r`），第 $i$ 行重复
# `r[i]` 次。
#
# </details>
#
# 3. 把高斯核的带宽设得很大（例如 `bandwidth=1000.0`），Nadaraya-Watson 的预测会变成什么？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> y_nw, _ = at.nadaraya_watson(
# ...     data.x_test,
# ...     data.x_train,
# ...     data.y_train,
# ...     bandwidth=1000.0,
# ... )
# >>> y_avg, _ = at.average_pooling(
# ...     data.x_test, data.y_train
# ... )
# >>> gap = (y_nw - y_avg).abs().max()
# >>> bool(gap < 1e-4)
# True
# ```
#
# 带宽很大时，所有键到查询的距离相对于带宽都可以忽略，分数几乎相同，权重都接近 $1/n$，预测就退化成平均汇聚。《[非参数注意力汇聚](nonparametric.py)》一页“[不同带宽一览](nonparametric.py#不同带宽一览)”一节展示了这个过程。
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.pooling.average_pooling">average_pooling</autoref>、
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>、
#   <autoref identifier="attention_tutorial.data.describe">describe</autoref>、
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmap">plot_attention_heatmap</autoref>、
#   <autoref identifier="attention_tutorial.figures.curves.plot_fit">plot_fit</autoref>
# - PyTorch：`Tensor.mean`、`Tensor.item`、`Tensor.dim`、`Tensor.reshape`、`torch.repeat_interleave`、`Tensor.repeat`、`Tensor.unique`、
#   `torch.equal`、`torch.allclose`、`torch.matmul`（`@`）
# - 张量 API 手册：[repeat_interleave 与 repeat](handbook/repeat.py)
