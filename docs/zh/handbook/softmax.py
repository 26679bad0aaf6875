# %% [markdown]
# # softmax 与 dim：把分数变成权重
#
# 注意力汇聚需要一组非负、且和为 1 的权重。`softmax` 能把任意实数分数变成这样的权重。
# 对矩阵来说，唯一要紧的问题是权重**沿哪个轴**加起来等于 1，`dim` 回答的就是这个问题。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import warnings

import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## torch.nn.functional.softmax
#
# ```python
# torch.nn.functional.softmax(
#     input,
#     dim=None,
#     _stacklevel=3,
#     dtype=None,
# ) -> Tensor
# torch.softmax(
#     input, dim, *, dtype=None
# ) -> Tensor
# Tensor.softmax(dim) -> Tensor
# ```
#
# 沿轴 `dim`，把每个分数 $x_i$ 换成
#
# $$\operatorname{softmax}(x)_i = \frac{\exp(x_i)}{\sum_j \exp(x_j)},$$
#
# 于是沿这个轴的结果都不小于 0，而且和为 1。数学上它们都为正；但分数相差很大时，
# 小的那个在浮点数里会[下溢](../glossary.md#underflow)成 0，如下面例子里的 `[1., 0.]`。
#
# - `input`：由分数组成的浮点张量。
# - `dim`：结果沿哪个轴加起来等于 1。请总是写明：不写时 PyTorch 会猜一个并给出警告。
# - `dtype`：先把输入转换成这个类型（例如用 `torch.float64` 提高精度）。
# - `_stacklevel`：内部参数，用于警告，不用管。
#
# 本章用到它的三条性质：分数越大，权重越大；沿 `dim` 给所有分数加同一个常数，
# 结果不变（所有指数都乘上了同一个因子）；PyTorch 的计算是数值稳定的，
# 分数再大也不会[溢出](../glossary.md#overflow)。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> x = torch.tensor([1.0, 2.0, 3.0])
# >>> F.softmax(x, dim=0)
# tensor([0.0900, 0.2447, 0.6652])
# >>> # the same constant added to every
# >>> # score: no change
# >>> F.softmax(x + 100, dim=0)
# tensor([0.0900, 0.2447, 0.6652])
# >>> # huge scores: no overflow
# >>> big = torch.tensor([1000.0, 0.0])
# >>> F.softmax(big, dim=0)
# tensor([1., 0.])
# ```
#
# 对矩阵来说，`dim=1` 让每一行归一，`dim=0` 让每一列归一：
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> m = torch.tensor([
# ...     [1.0, 2.0, 3.0],
# ...     [1.0, 1.0, 1.0],
# ... ])
# >>> # each row sums to 1
# >>> F.softmax(m, dim=1)
# tensor([[0.0900, 0.2447, 0.6652],
#         [0.3333, 0.3333, 0.3333]])
# >>> F.softmax(m, dim=1).sum(dim=1)
# tensor([1., 1.])
# >>> # dim=0: each column sums to 1
# >>> s = F.softmax(m, dim=0).sum(dim=0)
# >>> # in float32 the third column sums
# >>> # to 0.99999994: round to 4 places
# >>> s.round(decimals=4)
# tensor([1., 1., 1.])
# ```
#
# 本章的分数是 ${-(x - x_i)^2 / 2}$（$x$ 是查询，$x_i$ 是第 $i$ 个键）：键离查询越近，分数越大，权重也就越大。
# 注意那个负号。
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> query = torch.tensor(1.0)
# >>> keys = torch.tensor([0.0, 1.0, 3.0])
# >>> scores = -((query - keys) ** 2) / 2
# >>> # the key 1.0 is nearest: it gets
# >>> # the largest weight
# >>> F.softmax(scores, dim=0)
# tensor([0.3482, 0.5741, 0.0777])
# ```
#
# 带参数的模型先把距离乘上 $w$，分数也就乘上了 $w^2$：分数之间的差距放大，
# softmax 之后权重更集中到最近的键上。同样这三个键，取 ${w = 2}$（${w^2 = 4}$）：

# %%
# the query and the three keys above
query = torch.tensor(1.0)
keys = torch.tensor([0.0, 1.0, 3.0])
shown = []
for w in (1.0, 2.0):
    d = w * (query - keys)
    a = F.softmax(-(d**2) / 2, dim=0)
    row = [f"{v:.4f}" for v in a]
    shown.append(" ".join(row))
    print(f"w = {w:g}:", *row)
assert shown == [
    "0.3482 0.5741 0.0777",
    "0.1192 0.8805 0.0003",
]

# %% [markdown]
# 最近的键的权重从 0.5741 升到 0.8805，最远的键从 0.0777 降到 0.0003。
# 《[带参数的注意力汇聚](../parametric.py)》一页的“[训练](../parametric.py#训练)”一节打印出学到的 $w$：
# $|w|$ 越大，权重越集中；$1/|w|$ 相当于核的[带宽](../glossary.md#bandwidth)。
#
# ### 图示
#
# `dim=1`：每一行一个框，每一行之和为 1。这正是本章的情形，每行一个查询。

# %%
# (n_queries, n_keys)
scores = torch.tensor(
    [
        [1.0, 2.0, 3.0],
        [1.0, 1.0, 1.0],
    ]
)
at.diagram_softmax(
    scores,
    dim=1,
    names=("scores", "a1"),
)

# %% [markdown]
# 同样的分数用 `dim=0`：现在每一列之和为 1，每一行就不再是了。

# %%
at.diagram_softmax(
    scores,
    dim=0,
    names=("scores", "a0"),
)

# %% [markdown]
# ### 陷阱
#
# `dim` 写错不会报错。用 `dim=0` 时，每个查询的“权重”之和不再是 1，
# 每个预测都悄悄地错了：

# %%
a1 = F.softmax(scores, dim=1)
a0 = F.softmax(scores, dim=0)
print("row sums dim=1:", a1.sum(dim=1))
print("row sums dim=0:", a0.sum(dim=1))

# %% [markdown]
# 不写 `dim` 时，PyTorch 按一条老规则猜：一维和三维的张量取 `dim=0`，其余取 `dim=1`，并发出警告。这里的 `scores` 是二维的，猜出的 `dim=1` 碰巧对了；一摞形状为 `(batch, n_q, n_k)` 的分数却会被猜成 `dim=0`，沿批量那一维归一化，而且不报错。捕获到的警告是：

# %%
with warnings.catch_warnings(
    record=True,
) as caught:
    warnings.simplefilter("always")
    F.softmax(scores)
for warning in caught:
    kind = warning.category.__name__
    print(kind + ":", warning.message)

# %% [markdown]
# 分数的最后一维是键时，写 `dim=-1`：无论是 `(n_q, n_k)` 还是 `(batch, n_q, n_k)`，它都指向键这一维。《从核回归到 Transformer 注意力》一页的“[亲手写出缩放点积注意力](../transformer.py#亲手写出缩放点积注意力)”一节就是这样写的：
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> # (batch, n_q, n_k) = (2, 2, 3)
# >>> s = torch.arange(12.0)
# >>> s = s.reshape(2, 2, 3)
# >>> # each query's weights sum to 1
# >>> F.softmax(s, dim=-1).sum(dim=-1)
# tensor([[1., 1.],
#         [1., 1.]])
# >>> # dim=0 (the 3-D guess) normalises
# >>> # across the batch: sums are not 1
# >>> F.softmax(s, dim=0).sum(dim=-1)
# tensor([[0.0074, 0.0074],
#         [2.9926, 2.9926]])
# ```
#
# 不存在的 `dim` 和整数分数都会报错：

# %%
try:
    F.softmax(scores, dim=2)
except IndexError as err:
    print("IndexError:", err)
ints = torch.tensor([1, 2, 3])
try:
    F.softmax(ints, dim=0)
except NotImplementedError as err:
    print("NotImplementedError:", err)

# %% [markdown]
# 第一条报错里的 `[-2, 1]` 是二维张量的 `dim` 能取的范围：负数从最后一维倒着数，`-1` 就是最后一维。整数分数要先用 `.float()` 转成浮点数，再做 softmax。
#
# 已收入报错信息索引：[`Dimension out of range`](errors.py#dimension-out-of-range)、[`"softmax_lastdim_kernel_impl" not implemented for 'Long'`](errors.py#softmax_lastdim_kernel_impl-not-implemented-for-long)。

# %% [markdown]
# 最后，不要手写 `exp(x) / exp(x).sum()` 来代替 softmax：`exp(1000)` 是无穷大
# （float32 如此，float64 也一样），无穷大除以无穷大得到 `nan`。`F.softmax` 会先减去最大的分数，
# 由上面第二条性质可知这不改变结果：

# %%
big = torch.tensor([1000.0, 0.0])
e = torch.exp(big)
print("by hand:  ", e / e.sum())
soft = F.softmax(big, dim=0)
print("F.softmax:", soft)
# float64 overflows too
e64 = torch.exp(big.double())[0]
print("exp(1000), float64:", e64.item())
assert e64.isinf()

# %% [markdown]
# 减去最大的分数之后，最大的指数是 $e^0 = 1$，不会溢出，手写也得到和 `F.softmax` 相同的结果：

# %%
# what F.softmax does: subtract the max
shifted = big - big.max()
print("shifted:", shifted)
e = torch.exp(shifted)
print("by hand, shifted:", e / e.sum())
assert torch.equal(e / e.sum(), soft)

# %% [markdown]
# ### 本章在哪里用到
#
# - [非参数注意力汇聚](../nonparametric.py)：分数 `-((queries - x_train) ** 2) / 2`
#   沿 `dim=1` 做 `F.softmax`，每个查询一行权重。
# - [带参数的注意力汇聚](../parametric.py)：同样的写法，只是距离 ${x - x_i}$ 先乘上学到的 $w$（分数因此乘上 $w^2$，见上面 ${w = 2}$ 的例子）。
# - [从高斯核到点积注意力](../dot-product.py)：正是“加常数不变”这条性质，
#   让 $q^2/2$ 那一项可以去掉。
# - [从核回归到 Transformer 注意力](../transformer.py)：“[亲手写出缩放点积注意力](../transformer.py#亲手写出缩放点积注意力)”一节对一批 `(batch, n_q, n_k)` 分数写 `dim=-1`；“[把留一法写成带掩码的 softmax](../transformer.py#把留一法写成带掩码的-softmax)”一节先用 `scores.masked_fill(eye, float("-inf"))` 遮住对角线，再做 `dim=1` 的 softmax（见手册《[masked_fill 与 -inf](masked-fill.py)》）。
# - [本章回顾](../recap.py)：“[张量形状怎样变化](../recap.py#张量形状怎样变化)”一节用方法的写法 `scores.softmax(dim=1)`，即上面签名里的 `Tensor.softmax(dim)`。
