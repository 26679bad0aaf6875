# %% [markdown]
# # nn.Linear：一个可学习的矩阵
#
# 在《[从核回归到 Transformer 注意力](../transformer.py)》一页之前，本章唯一可学习的东西是一个数 $w$（见手册《[训练：nn.Parameter、nn.MSELoss 与 torch.optim.SGD](training.py)》一页）。Transformer 的注意力则用可学习的**矩阵** $W_q$、$W_k$、$W_v$ 去乘查询、键和值；在 PyTorch 里，这样一个矩阵就是一个 `nn.Linear` 层。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch
from torch import nn

import attention_tutorial as at

# %% [markdown]
# ## torch.nn.Linear
#
# ```python
# nn.Linear(
#     in_features,
#     out_features,
#     bias=True,
#     device=None,
#     dtype=None,
# )
# layer(x)
#     -> x @ layer.weight.T + layer.bias
# ```
#
# - `in_features`：输入**最后一维**的大小。
# - `out_features`：输出最后一维的大小。
# - `bias`：是否加上一个形状为 `(out_features,)` 的可学习向量 `layer.bias`（默认 `True`）；本章（和 d2l）的注意力投影都用 `bias=False`。
# - `layer.weight` 的形状是 `(out_features, in_features)`，**输出维在前**。它是一个 `nn.Parameter`：会出现在 `layer.parameters()` 里，也就是优化器要更新的东西。它的初始值是随机的（在 $-1/\sqrt{\text{in\_features}}$ 与 $1/\sqrt{\text{in\_features}}$ 之间均匀分布），取自 PyTorch 的全局生成器：想让每次运行的初始权重都一样，就在创建层之前设好种子。
#
# 形状为 `(..., in_features)` 的输入得到 `(..., out_features)` 的输出：前面所有的维（批量、序列）都保留。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> layer = nn.Linear(3, 2, bias=False)
# >>> # (out_features, in_features)
# >>> layer.weight.shape
# torch.Size([2, 3])
# >>> # leading dimensions are kept
# >>> layer(torch.ones(4, 7, 3)).shape
# torch.Size([4, 7, 2])
# >>> params = layer.named_parameters()
# >>> [name for name, _ in params]
# ['weight']
# >>> # the default bias=True adds one
# >>> # learnable number per output
# >>> nn.Linear(3, 2).bias.shape
# torch.Size([2])
# ```
#
# 新建层的权重是随机的。为了能心算核对，下面把选好的数写进权重，再算一个输入
# （后面的图示和陷阱也用这个 `layer`）：

# %%
layer = nn.Linear(3, 2, bias=False)
# chosen weights, not random ones
weight = torch.tensor(
    [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 1.0],
    ]
)
with torch.no_grad():
    _ = layer.weight.copy_(weight)
x = torch.tensor([[1.0, 2.0, 3.0]])
print(layer(x).tolist())
# the same product, written out
y = x @ layer.weight.T
print(torch.equal(layer(x), y))

# %% [markdown]
# `copy_` 把这些数原地写进参数；PyTorch 只允许在 `torch.no_grad()` 里这样改写参数
# （见 [torch.optim.SGD 的陷阱](training.py#陷阱_2)），`_ =` 只是不显示它返回的张量。
#
# 不带偏置的 $1 \times 1$ 层，就是本章的标量 $w$：
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> w = nn.Linear(1, 1, bias=False)
# >>> with torch.no_grad():
# ...     _ = w.weight.fill_(2.5)
# >>> x = torch.tensor([[1.0], [2.0]])
# >>> w(x).reshape(-1).tolist()
# [2.5, 5.0]
# ```
#
# ### 图示
#
# 图中算的是 `x @ layer.weight.T`，用的是上面例子里的权重，好让你心算核对；`x` 多了第二行 `[0, 1, -1]`，它的两个输出都是 0（$0 \cdot 1 + 1 \cdot 0 - 1 \cdot 0$ 和 $0 \cdot 0 + 1 \cdot 1 - 1 \cdot 1$）：

# %%
# the example's layer; x gets a second
# row, [0, 1, -1]
# (2, 3)
x = torch.tensor(
    [
        [1.0, 2.0, 3.0],
        [0.0, 1.0, -1.0],
    ]
)
print(layer(x).tolist())

# %% [markdown]
# 图里颜色表示输入特征，也就是 `x` 和 `layer.weight` 的列：`x` 的一行与 `layer.weight` 的一行同色的格子两两相乘，三个乘积相加；`layer(x)` 是算出来的新值，不属于任何输入特征，不上色（灰色）。加框的格子构成结果的第一个元素：$1 \cdot 1 + 2 \cdot 0 + 3 \cdot 0 = 1$。

# %%
at.diagram_linear(layer, x)

# %% [markdown]
# ### 陷阱
#
# 输入的最后一维必须等于 `in_features`。报错说的是内部的矩阵乘法：mat1 是输入 `(2, 4)`，
# mat2 是 `layer.weight.T`，即 `(3, 2)`；4 必须等于 3。

# %%
try:
    layer(torch.ones(2, 4))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`mat1 and mat2 shapes cannot be multiplied`](errors.py#mat1-and-mat2-shapes-cannot-be-multiplied)。

# %% [markdown]
# 整数输入会被拒绝（权重是 float32）：

# %%
try:
    layer(torch.tensor([[1, 2, 3]]))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`expected m1 and m2 to have the same dtype`](errors.py#expected-m1-and-m2-to-have-the-same-dtype)。

# %% [markdown]
# 另外，`layer.weight` 的形状 $(\text{out}, \text{in})$ 正是 $W_q q$ 里的 $W$：矩阵在左，乘一个列向量。PyTorch 却把输入按行存放，每一行是一个 $x$，所以它算的是 `x @ layer.weight.T`。直接写 `x @ layer.weight`，对非方阵的层会报错；对方阵的层，它会悄无声息地算出别的东西：
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> sq = nn.Linear(2, 2, bias=False)
# >>> w = torch.tensor(
# ...     [[1.0, 2.0], [0.0, 1.0]]
# ... )
# >>> with torch.no_grad():
# ...     _ = sq.weight.copy_(w)
# >>> x = torch.tensor([[1.0, 1.0]])
# >>> sq(x).tolist()
# [[3.0, 1.0]]
# >>> # wrong: no error, other numbers
# >>> (x @ sq.weight).tolist()
# [[1.0, 3.0]]
# ```
#
# ### 本章在哪里用到
#
# 《[从核回归到 Transformer 注意力](../transformer.py)》一页把 $W_q$、$W_k$、$W_v$ 建成 `nn.Linear(..., bias=False)`，《[在二维玩具问题上学习投影](../projections.py)》一页训练它们。Transformer 那一页里它们都是 $4 \times 4$（$d = 4$）；投影那一页的输入有两个特征，投影后仍取两个（`d_k = 2`），所以 $W_q$、$W_k$ 是 $2 \times 2$；$W_v$ 是 $1 \times 1$，只是给 $y$ 乘一个数。只有一个输入特征、且 `d_k = 1` 时，三者都是 $1 \times 1$，也就是三个互不相干的数。
#
# 投影之后，高斯分数展开成点积加上每个键一个偏置；取 $W_q = W_k = w$、$W_v = 1$，就回到本章的模型。推导见《从核回归到 Transformer 注意力》一页的“[一个 w 为什么会变成矩阵](../transformer.py#一个-w-为什么会变成矩阵)”一节。

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# the diagram's first element: 1*1 +
# 2*0 + 3*0
assert layer(x)[0, 0].item() == 1.0
# the second row, [0, 1, -1]: 0 and 0
assert layer(x)[1].tolist() == [0, 0]
# the first error: mat1 is the input
# (2, 4), mat2 is layer.weight.T (3, 2)
message = ""
try:
    layer(torch.ones(2, 4))
except RuntimeError as err:
    message = str(err)
assert "(2x4 and 3x2)" in message
assert layer.weight.T.shape == (3, 2)
# the projections page's model: W_q,
# W_k 2 x 2 (2 features in, d_k = 2
# out), W_v 1 x 1 (y is one number)
model = at.ProjectedAttention(
    d_in=2,
    d_k=2,
)
shapes = [
    tuple(model.W_q.weight.shape),
    tuple(model.W_k.weight.shape),
    tuple(model.W_v.weight.shape),
]
# (out_features, in_features)
assert shapes == [
    (2, 2),
    (2, 2),
    (1, 1),
]
