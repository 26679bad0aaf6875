# %% [markdown]
# # reshape 与 view：数不变，换个形状
#
# 新建张量的元素在内存里排成长长的一行，顺序就是逐行读出的顺序（转置之类的视图按别的顺序
# 读这一行，见下文 [Tensor.view](#tensorview)）。`reshape` 和 `view` 只改变这一行如何切分成各个轴，
# 元素本身和它们的先后顺序都不变。本章用 `reshape(-1, n_train)` 把长向量变成矩阵，
# 用 `reshape(-1)` 把结果变回向量。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.reshape
#
# ```python
# Tensor.reshape(*shape) -> Tensor
# torch.reshape(input, shape) -> Tensor
# ```
#
# 返回一个元素相同、顺序相同、按新形状排列的张量：能共享内存时返回视图，否则返回副本。
#
# - `shape`：新形状，写成几个整数或一个元组。各维长度之积必须等于元素个数（`numel()`）。
#   其中一个长度可以写 `-1`，由 PyTorch 根据其余长度算出来。
#
# “顺序相同”指的是**行优先**顺序：最后一个轴变化最快。把新张量一行一行地读下来，
# 得到的就是原来的元素、原来的顺序。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.arange(6)
# >>> x.reshape(2, 3)
# tensor([[0, 1, 2],
#         [3, 4, 5]])
# >>> # -1 becomes 6 / 3 = 2
# >>> x.reshape(3, -1)
# tensor([[0, 1],
#         [2, 3],
#         [4, 5]])
# >>> # back to 1-D
# >>> x.reshape(2, 3).reshape(-1)
# tensor([0, 1, 2, 3, 4, 5])
# >>> # axes of size 1 are allowed
# >>> x.reshape(1, 2, 3).shape
# torch.Size([1, 2, 3])
# ```
#
# ### 图示
#
# 颜色的先后顺序不变：把 12 个一行切成每行 4 个，PyTorch 自己算出一共 3 行。

# %%
x = torch.arange(12)
at.diagram_reshape(x, -1, 4)

# %% [markdown]
# 把 `(2, 3)` 的矩阵 reshape 成 `(3, 2)` **不是**转置：行优先的顺序仍是
# `0 1 2 3 4 5`，只是换了切行的位置。

# %%
x = torch.arange(6).reshape(2, 3)
at.diagram_reshape(x, 3, 2)

# %% [markdown]
# ### 陷阱
#
# 无论写不写 `-1`，各维长度之积都必须恰好等于元素个数：

# %%
x = torch.arange(6)
try:
    x.reshape(4, -1)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`shape '[…]' is invalid for input of size …`](errors.py#shape--is-invalid-for-input-of-size-)。

# %% [markdown]
# 另外，`reshape` 从不交换轴。要把行变成列，请用 `.T`（或 `transpose`）；
# 下面两个结果形状相同，内容却不同：

# %%
m = torch.arange(6).reshape(2, 3)
print("m.reshape(3, 2), rows cut anew:")
print(" ", m.reshape(3, 2).tolist())
print("m.T, rows and columns swapped:")
print(" ", m.T.tolist())

# %% [markdown]
# ### 本章在哪里用到
#
# - [非参数注意力汇聚](../nonparametric.py)：先用 `x_test.repeat_interleave(n_train)`
#   得到 `n_test * n_train` 个查询组成的向量 `queries`，再用 `queries.reshape(-1, n_train)`
#   把它切成 `n_test` 行。
# - [带参数的注意力汇聚](../parametric.py)：布尔掩码留下 `n_train * (n_train - 1)` 个元素后，
#   `.reshape((n_train, -1))` 让每个训练样本拿到自己那一行 `n_train - 1` 个键，值也一样；
#   `queries.reshape((-1, n_keys))` 把重复过的查询切成同样的行；
#   `torch.bmm` 的结果 `y_hat_train` 形状为 `(n_train, 1, 1)`，`y_hat_train.reshape(-1)`
#   再把它变成 `n_train` 个预测组成的向量。
# - [从核回归到 Transformer 注意力](../transformer.py)：`y_sdpa.reshape(-1)` 把
#   `F.scaled_dot_product_attention` 输出的 `(n_train, 1)` 变成向量。
#
# ## Tensor.view
#
# ```python
# Tensor.view(*shape) -> Tensor
# ```
#
# 和 `reshape` 一样，但它**从不复制**：总是返回与输入共享内存的视图；
# 内存布局不允许时直接报错。
#
# - `shape`：与 `reshape` 相同，也可以用 `-1`。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.arange(6)
# >>> v = x.view(2, 3)
# >>> # the same memory
# >>> v.data_ptr() == x.data_ptr()
# True
# >>> # so writing into v writes into x
# >>> v[0, 0] = 100
# >>> x
# tensor([100,   1,   2,   3,   4,   5])
# ```
#
# ### 图示
#
# `x.t()` 本身就是视图（二维张量的 `x.t()` 就是 `x.T`）：内存里还是那六个数，
# 只是用交换过的步长去读。**步长**（stride）`(3, 1)` 的意思是：沿第 0 轴走一步，
# 在内存里前进 3 个位置；沿第 1 轴走一步，前进 1 个（就是紧挨着的下一个数）。
# `x.t()` 只是把它换成 `(1, 3)`。
# 一行一行地读它，就要在内存里跳来跳去（颜色不再按顺序排列），
# 所以没有哪个视图能把它呈现成平坦的一行。

# %%
x = torch.arange(6).reshape(2, 3)
# (3, 2), a view with swapped strides
xt = x.t()
print(x.stride(), xt.stride())
at.diagram_transpose(x)

# %% [markdown]
# ### 陷阱
#
# `xt` 在内存里[不连续](../glossary.md#contiguous)（non-contiguous），对它调用 `view(-1)` 会报错：展平的视图必须按内存顺序读数，而逐行读 `xt`
# 要跳来跳去。报错信息给出了一个办法：改用 `reshape`（此时它会复制）；
# 另一个办法是先 `.contiguous()` 再 `view`：

# %%
try:
    xt.view(-1)
except RuntimeError as err:
    print("RuntimeError:", err)
# reshape copies when it must
print(xt.reshape(-1))
# a contiguous copy first, then view
print(xt.contiguous().view(-1))

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# the strides named above the diagram
assert x.stride() == (3, 1)
assert xt.stride() == (1, 3)

# %% [markdown]
# 已收入报错信息索引：[`view size is not compatible with input tensor's size and stride`](errors.py#view-size-is-not-compatible-with-input-tensors-size-and-stride)。

# %% [markdown]
# ### 本章在哪里用到
#
# 本章没有用到：本章一律写 `reshape`，它对任何张量都适用。在别的 PyTorch 代码里你会遇到
# `view`，可以把它读作“reshape，并且我保证不需要复制”。
# 《[非参数注意力汇聚](../nonparametric.py)》里的 `-1` 在两者中含义相同。
