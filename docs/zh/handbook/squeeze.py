# %% [markdown]
# # squeeze 与 unsqueeze：添加和去掉长度为 1 的轴
#
# 长度为 1 的轴并不增加任何数据，却会改变张量和别的张量怎样对齐：广播时如此，
# 遇到 `torch.bmm` 这种对维数有硬性要求的函数时也是如此。`unsqueeze` 插入这样的轴，
# `squeeze` 把它去掉。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.unsqueeze
#
# ```python
# torch.unsqueeze(input, dim) -> Tensor
# Tensor.unsqueeze(dim) -> Tensor
# ```
#
# 返回张量的一个视图，在位置 `dim` 插入一个长度为 1 的新轴。
#
# - `dim`：新轴在**结果**中的位置，取值从 `-input.dim() - 1` 到 `input.dim()`。
#   负数从末尾数起：`-1` 表示把新轴放在最后。
#
# 用 `None` 做索引效果相同：`x[None]` 就是 `x.unsqueeze(0)`，`x[:, None]` 就是
# `x.unsqueeze(1)`。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1, 2, 3])  # (3,)
# >>> x.unsqueeze(0)  # (1, 3): one row
# tensor([[1, 2, 3]])
# >>> x.unsqueeze(1)  # (3, 1): one column
# tensor([[1],
#         [2],
#         [3]])
# >>> x.unsqueeze(-1).shape
# torch.Size([3, 1])
# >>> x[None].shape, x[:, None].shape
# (torch.Size([1, 3]), torch.Size([3, 1]))
# >>> # (n_queries, n_keys)
# >>> weights = torch.ones(2, 4)
# >>> weights.unsqueeze(1).shape
# torch.Size([2, 1, 4])
# >>> weights.unsqueeze(-1).shape
# torch.Size([2, 4, 1])
# ```
#
# ### 图示
#
# 数和它们的顺序都不变；形状里多了一个 1，正是它决定了这三个数是一行还是一列。

# %%
x = torch.tensor([1, 2, 3])
at.diagram_unsqueeze(x, 0)

# %%
at.diagram_unsqueeze(x, 1)

# %% [markdown]
# 对权重矩阵做 `unsqueeze(1)`，每一行都变成一个自己的 `(1, n_keys)` 矩阵：
# 一摞行向量，正好交给 `torch.bmm`。

# %%
x = torch.tensor(
    [[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]],
)
at.diagram_unsqueeze(x, 1)

# %% [markdown]
# ### 陷阱
#
# `dim` 数的是结果中的位置，结果比输入多一个轴；再往外一步就越界了：

# %%
x = torch.tensor([1, 2, 3])
try:
    x.unsqueeze(2)
except IndexError as err:
    print("IndexError:", err)

# %% [markdown]
# 已收入报错信息索引：[`Dimension out of range`](errors.py#dimension-out-of-range)。

# %% [markdown]
# ### 本章在哪里用到
#
# - [带参数的注意力汇聚](../parametric.py)：`weights.unsqueeze(1)` 的形状是
#   `(n_queries, 1, n_keys)`，`values.unsqueeze(-1)` 的形状是 `(n_queries, n_keys, 1)`，
#   这样 `torch.bmm` 就为每个查询各算一个点积（见 [torch.bmm](bmm.py)）。
# - [从核回归到 Transformer 注意力](../transformer.py)：一律用 `None` 索引，不调用
#   `unsqueeze`：`[:, None]` 就是 `unsqueeze(1)`，`[None, :]` 就是 `unsqueeze(0)`。
#   `x_train[:, None]`（一列 `(n, 1)`）减 `x_train[None, :]`（一行 `(1, n)`），经广播得到
#   `(n, n)` 的方阵；`valid_lens[:, None]` 把每个序列的有效长度排成一列 `(batch, 1)`，
#   与一行 `torch.arange(n_k)` 比较，广播成 `(batch, n_k)` 的掩码。
#
# ## Tensor.squeeze
#
# ```python
# torch.squeeze(
#     input, dim=None
# ) -> Tensor
# Tensor.squeeze(dim=None) -> Tensor
# ```
#
# 返回去掉长度为 1 的轴之后的视图：去掉 `dim` 指定的那些，不给 `dim` 时全部去掉。
#
# - `dim`：要去掉哪个轴（PyTorch 2.0 起也可以是若干个轴组成的元组）。
#   长度不是 1 的轴保持原样，也不报错。`dim=None` 时去掉**所有**长度为 1 的轴。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> y = torch.zeros(1, 3, 1)
# >>> # every axis of size 1
# >>> y.squeeze().shape
# torch.Size([3])
# >>> y.squeeze(0).shape
# torch.Size([3, 1])
# >>> y.squeeze(-1).shape
# torch.Size([1, 3])
# >>> # size 3: left alone
# >>> y.squeeze(1).shape
# torch.Size([1, 3, 1])
# ```
#
# ### 图示
#
# `(1, 1, 3)` 有两个长度为 1 的轴；不带参数的 `squeeze()` 把两个都去掉，只剩 `(3,)`，
# 下面的陷阱就出在这里。

# %%
x = torch.tensor([[[1, 2, 3]]])
at.diagram_squeeze(x)

# %% [markdown]
# ### 陷阱
#
# 不带参数的 `squeeze()` 会把碰巧长度为 1 的轴也去掉。最容易出事的是大小为 1 的批量：
# 只有一个查询时，`torch.bmm` 得到的 `(1, 1, 1)` 会被压成 0 维张量，
# 而不是只含一个预测的向量，把它当向量取 `y0[0]` 就会出错：

# %%
# (n_queries, n_keys), n_queries = 1
weights = torch.full((1, 4), 0.25)
values = torch.arange(4.0).reshape(1, 4)
y_hat = torch.bmm(  # (1, 1, 1)
    weights.unsqueeze(1),
    values.unsqueeze(-1),
)
y0 = y_hat.squeeze()  # 0-d
flat = y_hat.reshape(-1)
print("squeeze():  ", tuple(y0.shape))
print("reshape(-1):", tuple(flat.shape))
try:
    # a 0-d tensor has no [0]
    y0[0]
except IndexError as err:
    print("IndexError:", err)

# %% [markdown]
# 已收入报错信息索引：[`invalid index of a 0-dim tensor`](errors.py#invalid-index-of-a-0-dim-tensor)。

# %% [markdown]
# 把要去掉的两个轴都写明：`squeeze((1, 2))`（轴组成的元组）；
# 或者像本章那样直接写出想要的形状：`reshape(-1)`。两种写法无论批量多大都保留批量轴。
# 只写最后一个轴是不够的：对 `(n, 1, 1)` 做 `squeeze(-1)` 只去掉一个轴，剩下的是 `(n, 1)`。
#
# ```pycon
# >>> import torch
# >>> # from bmm: (n_queries, 1, 1)
# >>> y_hat = torch.zeros(3, 1, 1)
# >>> y_hat.squeeze((1, 2)).shape
# torch.Size([3])
# >>> y_hat.reshape(-1).shape
# torch.Size([3])
# >>> # only the last axis goes
# >>> y_hat.squeeze(-1).shape
# torch.Size([3, 1])
# >>> # a batch of one
# >>> one = torch.zeros(1, 1, 1)
# >>> one.squeeze((1, 2)).shape
# torch.Size([1])
# ```
#
# ### 本章在哪里用到
#
# - [带参数的注意力汇聚](../parametric.py)：特意不用 `squeeze`，写的是
#   `torch.bmm(...).reshape(-1)`，把 `(n_queries, 1, 1)` 变成 `(n_queries,)`，
#   `n_queries` 为 1 时也不会出错。
# - [在二维玩具问题上学习投影](../projections.py)：`y_hat_projected.squeeze(-1)` 和
#   `y_hat_scalar.squeeze(-1)` 把 20 个查询的预测从 `(20, 1)` 变成 `(20,)`。两处都只去掉写明的最后一个轴，所以是安全的。

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# the x of Tensor.squeeze's diagram:
# the two axes of size 1 its text names
assert x.shape == (1, 1, 3)
assert x.squeeze().shape == (3,)
