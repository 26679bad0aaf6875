# %% [markdown]
# # 报错信息索引：把报错粘贴进搜索框
#
# 在 traceback 里找到以异常类型加冒号开头的那一行（`RuntimeError:`、`TypeError:` 等，通常是最后一行；
# Jupyter 在 traceback 开头也写异常类型，但后面没有冒号，不是那一行），整行复制，粘贴进页面顶部的搜索框
# （手机上先点放大镜图标）；也可以在下面的列表里找，每组开头写着本章最常遇到的几条。
#
# 每个条目给出报错原文（构建网站时 PyTorch 2.13 或本教程的包实际报出的）、原因、改法和讲解它的页面。
# 标题里的 `…` 代表随代码而变的部分（形状、长度、类型、下标字母等）：你看到的数字多半和这里不同。
# 每个条目的代码只依赖第一个单元格，可以单独运行；代码里的注释是英文的，中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。
# %%
import functools

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

import attention_tutorial as at

# runs a failing block and prints its
# error, wrapped at 40 columns so that
# a phone shows it: yours is one line
# (but normal()'s list of signatures):
# paste that line
prints_error = functools.partial(
    at.prints_error,
    width=40,
)

_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## 形状对不上
#
# 本章最常遇到：[mat1 and mat2 shapes cannot be multiplied](#mat1-and-mat2-shapes-cannot-be-multiplied)、[The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …](#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)、[shape '[…]' is invalid for input of size …](#shape--is-invalid-for-input-of-size-)。
#
# 这一组的条目：
#
# - [mat1 and mat2 shapes cannot be multiplied](#mat1-and-mat2-shapes-cannot-be-multiplied)
# - [inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively](#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively)
# - [size mismatch, got input (…), mat (…), vec (…)](#size-mismatch-got-input--mat--vec-)
# - [batch1 must be a 3D tensor](#batch1-must-be-a-3d-tensor)
# - [Expected size for first two dimensions of batch2 tensor to be: […] but got: […].](#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)
# - [einsum(): subscript … which does not broadcast with previously seen size …](#einsum-subscript--which-does-not-broadcast-with-previously-seen-size-)
# - [einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)](#einsum-the-number-of-subscripts-in-the-equation--does-not-match-the-number-of-dimensions-)
# - [einsum(): more operands were provided than specified in the equation](#einsum-more-operands-were-provided-than-specified-in-the-equation)
# - [The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …](#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)
# - [The expanded size of the tensor (…) must match the existing size (…)](#the-expanded-size-of-the-tensor--must-match-the-existing-size-)
# - [unsupported operation: more than one element of the written-to tensor refers to a single memory location](#unsupported-operation-more-than-one-element-of-the-written-to-tensor-refers-to-a-single-memory-location)
# - [shape '[…]' is invalid for input of size …](#shape--is-invalid-for-input-of-size-)
# - [view size is not compatible with input tensor's size and stride](#view-size-is-not-compatible-with-input-tensors-size-and-stride)
# - [Dimension out of range](#dimension-out-of-range)
# - [invalid index of a 0-dim tensor](#invalid-index-of-a-0-dim-tensor)
# - [repeats must have the same size as input along dim](#repeats-must-have-the-same-size-as-input-along-dim)
# - [Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor](#number-of-dimensions-of-repeat-dims-can-not-be-smaller-than-number-of-dimensions-of-tensor)
#
# ### mat1 and mat2 shapes cannot be multiplied
#
# - **原因**：右边是二维矩阵，而左边的最后一维不等于它的行数。报错把两边的形状写成“行x列”，
#   左边的形状怎么写，取决于左边是什么：
#     - 二维矩阵（`torch.matmul`、`@`、`torch.mm`）：两个形状照原样写出，`2x3 and 2x3`（下面第一条报错）。
#     - 一维向量：向量先被当成只有一行的矩阵，写成 `1x…`（下面第二条报错）。
#     - 一摞矩阵（三维或更多）：批量维被并入行数，`(4, 2, 3) @ (2, 3)` 报的是 `8x3 and 2x3`（下面第三条报错）。
#     - `nn.Linear` 的输入，最后一维不等于 `in_features`：右边是转置后的层权重 `layer.weight.T`，形状为 `(in_features, out_features)`（权重本身是 `(out_features, in_features)`）；三维的输入同样把批量维并入行数（下面第四条报错）。
# - **改法**：打印两边的 `.shape`，找出该转置（`.T`）或该换位置的那个。
#   `nn.Linear` 的输入：把 `in_features` 改成输入的最后一维（这里是 3），或检查输入的形状。
# - **讲解**：[torch.matmul 的陷阱](matmul.py#陷阱)、[nn.Linear 的陷阱](linear.py#陷阱)。
# - **其他说法**（同样是乘积求和的那一维两边长度不等：左边的最后一维、右边的行数）：
#     - 右边超过二维：[Expected size for first two dimensions of batch2 tensor to be: […] but got: […].](#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)
#     - 两个一维向量长度不同：[inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively](#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively)
#     - 右边是一维向量：[size mismatch, got input (…), mat (…), vec (…)](#size-mismatch-got-input--mat--vec-)

# %%
A = torch.ones(2, 3)  # (2, 3)
with prints_error(RuntimeError):
    # (2, 3) @ (2, 3): 3 != 2
    torch.matmul(A, A)
with prints_error(RuntimeError):
    # (3,) @ (2, 3): the vector is read
    # as one row, (1, 3)
    torch.matmul(torch.ones(3), A)
# (4, 2, 3): a batch on the left
stack = torch.ones(4, 2, 3)
with prints_error(RuntimeError):
    # (4, 2, 3) @ (2, 3): the batch is
    # folded into the rows, (8, 3)
    torch.matmul(stack, A)
# in_features 2, but the last axis is 3
layer = nn.Linear(2, 3)
with prints_error(RuntimeError):
    # (4, 2, 3) input: folded, (8, 3)
    layer(stack)

# %% [markdown]
# ### inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively
#
# - **原因**：两个一维张量相乘（`torch.matmul`、`@` 或 `torch.dot`）是点积，要求两个向量一样长；
#   报错里先后是两个向量的长度。
# - **改法**：打印两边的 `.shape`；两个向量本该一样长的话，检查是不是把 `n_train` 和 `n_test` 弄混了。
# - **讲解**：[torch.matmul 的陷阱](matmul.py#陷阱)：一维 · 一维的例子打印的正是这一条。

# %%
with prints_error(RuntimeError):
    # (3,) @ (2,): a dot product of
    # vectors of different lengths
    torch.matmul(
        torch.ones(3),
        torch.ones(2),
    )

# %% [markdown]
# ### size mismatch, got input (…), mat (…), vec (…)
#
# - **原因**：矩阵乘向量，向量的长度不等于矩阵的列数。报错里的 `mat (…)` 和 `vec (…)` 是矩阵和向量的形状；
#   `input (…)` 是 PyTorch 内部存放结果的张量（矩阵每行一个数），可以不管。
#   左边是一摞矩阵时，批量维被并入行数：`(4, 2, 3) @ (2,)` 报的是 `input (8), mat (8x3), vec (2)`（下面第二条报错）。
# - **改法**：向量长度应等于左边的最后一维 `A.shape[-1]`（左边是一摞矩阵时也一样）；检查是不是把查询和键的个数弄反了。
# - **讲解**：[torch.matmul 的陷阱](matmul.py#陷阱)。

# %%
A = torch.ones(2, 3)  # (2, 3)
with prints_error(RuntimeError):
    # (2, 3) @ (2,)
    torch.matmul(A, torch.ones(2))
# (4, 2, 3): a batch on the left
stack = torch.ones(4, 2, 3)
with prints_error(RuntimeError):
    # (4, 2, 3) @ (2,): the batch is
    # folded into the rows, (8, 3)
    torch.matmul(stack, torch.ones(2))

# %% [markdown]
# ### batch1 must be a 3D tensor
#
# - **原因**：`torch.bmm` 只接受三维张量（批量、行、列），这里忘了 `unsqueeze`。
# - **改法**：`torch.bmm(weights.unsqueeze(1), values.unsqueeze(-1))`，即 `(n, 1, k) @ (n, k, 1)`。
# - **讲解**：[torch.bmm 的陷阱](bmm.py#陷阱)、[带参数的注意力汇聚：批量矩阵乘法](../parametric.py#批量矩阵乘法)。

# %%
# (n_queries, n_keys) each
weights = torch.full((3, 2), 0.5)
values = torch.ones(3, 2)
with prints_error(RuntimeError):
    # 2-D, not 3-D
    torch.bmm(weights, values)

# %% [markdown]
# ### Expected size for first two dimensions of batch2 tensor to be: […] but got: […].
#
# - **原因**：三种情况报的都是这一句：
#     - `bmm`（下面第一条报错）：第二个参数（PyTorch 叫它 `batch2`）的前两维必须依次是批量大小和第一个参数的列数；
#       值的 `unsqueeze` 放错了位置，或者两个批量大小不同（`bmm` 不广播）。
#     - `torch.matmul` 或 `@` 的右边超过二维（下面第二条报错）：PyTorch 内部交给 `bmm` 去算，`batch2` 是右边那一摞；
#       左边的最后一维不等于右边每个矩阵的行数。
#     - 批量维不止一个（下面第三条报错）：报错里的批量大小是广播后各批量维的乘积，在你写的形状里找不到这个数：
#       `(4, 1, 2, 3) @ (5, 2, 3)` 报 `[20, 3] but got: [20, 2]`，20 = 4 × 5。
# - **改法**：`bmm` 报的（下面第一条报错）：值写成 `values.unsqueeze(-1)`；一边的批量大小是 1 时，改用会把它广播的 `torch.matmul`；否则两边的批量本该一样大（检查 `n_train` 与 `n_test`）。
#   `torch.matmul` 或 `@` 报的（第二、三条）：左边的最后一维要等于右边每个矩阵的行数，打印两边的 `.shape`，看看是不是该把某一边转置。
# - **讲解**：[torch.bmm 的陷阱](bmm.py#陷阱)、[torch.matmul 的陷阱](matmul.py#陷阱)（`@` 的右边超过二维）。

# %%
# (n_queries, n_keys) each
weights = torch.full((3, 2), 0.5)
values = torch.ones(3, 2)
with prints_error(RuntimeError):
    # (3, 1, 2) @ (3, 1, 2)
    torch.bmm(
        weights.unsqueeze(1),
        values.unsqueeze(1),
    )
with prints_error(RuntimeError):
    # (2, 3) @ (4, 2, 3): 3 != 2; a 3-D
    # right side goes to bmm
    torch.matmul(
        torch.ones(2, 3),
        torch.ones(4, 2, 3),
    )
with prints_error(RuntimeError):
    # (2, 3) @ (2, 3): 3 != 2; the batch
    # shapes (4, 1), (5,) broadcast to
    # (4, 5): 20 matrices
    torch.matmul(
        torch.ones(4, 1, 2, 3),
        torch.ones(5, 2, 3),
    )

# %% [markdown]
# ### einsum(): subscript … which does not broadcast with previously seen size …
#
# - **原因**：同一个下标字母（这里是 `k`）在两个操作数里长度不同。旧版 PyTorch 把这种情况说成“einsum(): operands
#   do not broadcast with remapped shapes [original->remapped]”；PyTorch 2.13 的原话是下面打印的这句，并且点名了字母和长度。
# - **改法**：让同一个字母对应同样长的轴，或者换一个字母。
# - **讲解**：[torch.einsum 的陷阱](einsum.py#陷阱)。

# %%
with prints_error(RuntimeError):
    # k is 2, then 3
    torch.einsum(
        "qk,qk->q",
        torch.ones(3, 2),
        torch.ones(3, 3),
    )

# %% [markdown]
# ### einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)
#
# - **原因**：方程里一个操作数的字母个数必须等于该张量的维数。
# - **改法**：每一维写一个字母，或者先 `squeeze` 掉多余的长度为 1 的轴。
# - **讲解**：[torch.einsum 的陷阱](einsum.py#陷阱)。

# %%
with prints_error(RuntimeError):
    x = torch.ones(3, 2, 1)
    # 2 letters, 3 dimensions
    torch.einsum("qk->q", x)

# %% [markdown]
# ### einsum(): more operands were provided than specified in the equation
#
# - **原因**：方程里的字母组数（用逗号隔开）少于传进来的张量个数。少传了张量时，报错是 `fewer operands were provided than specified in the equation`。
# - **改法**：每个张量对应一组字母：补上缺的那组字母，或者去掉多余的张量。
# - **讲解**：[torch.einsum 的陷阱](einsum.py#陷阱)。

# %%
with prints_error(RuntimeError):
    # 2 groups of letters, 3 tensors
    a = torch.ones(3, 2)
    torch.einsum("qk,qk->q", a, a, a)

# %% [markdown]
# ### The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …
#
# - **原因**：逐元素运算（`+ - * /`、`torch.where`、`masked_fill` 的掩码）的两个形状，
#   或 `torch.matmul` 两边的批量维，不能广播：从右往左对齐后，某一维的两个长度既不相等，也不是 1。
#   报错里括号中的两个数就是这一维上两边的长度：tensor a、tensor b 通常是左、右两边，
#   `masked_fill` 里 tensor a 却是掩码（`scores.masked_fill(mask, …)` 报的第一个数是掩码的长度）。dimension 后面的编号是在对齐之后，
#   从较长那个形状的左端数起（从 0 开始）：`(3,) - (2,)` 报 dimension 0（下面第一条报错），
#   `(2, 3) - (2,)` 报 dimension 1（下面第二条报错）。
# - **改法**：给其中一个加上长度为 1 的轴，比如 `queries[:, None] - keys` 得到 `(3, 2)`；
#   或者检查两边是不是本该一样长（例如 `n_train` 与 `n_test` 混用）。
# - **讲解**：[广播的陷阱](expand.py#陷阱_1)、[torch.where 的陷阱](where.py#陷阱)、
#   [masked_fill 的陷阱](masked-fill.py#陷阱)、[torch.matmul 的陷阱](matmul.py#陷阱)（成批的情况）、
#   [非参数注意力汇聚：查询和键能互换吗？](../nonparametric.py#查询和键能互换吗)

# %%
# (3,)
queries = torch.tensor([0.0, 1.0, 2.0])
keys = torch.tensor([0.0, 0.5])  # (2,)
with prints_error(RuntimeError):
    queries - keys  # (3,) - (2,)
# (2, 3) - (2,): aligned from the right,
# 3 and 2 clash in dimension 1
table = torch.ones(2, 3)
with prints_error(RuntimeError):
    table - keys

# %% [markdown]
# ### The expanded size of the tensor (…) must match the existing size (…)
#
# - **原因**：`expand` 只能拉长长度为 1 的轴。
# - **改法**：在要拉长的位置先 `unsqueeze` 出一个长度为 1 的轴。下面的例子里，`x.unsqueeze(-1).expand(3, 4)`
#   先把 `(3,)` 变成一列 `(3, 1)`，再把这一列拉成 4 列；`unsqueeze(0)` 得到的是一行 `(1, 3)`，3 仍然对不上 4。
#   或者改用会复制的 `repeat`。
# - **讲解**：[Tensor.expand 的陷阱](expand.py#陷阱)。

# %%
with prints_error(RuntimeError):
    # the last axis has size 3, not 1
    torch.tensor([1, 2, 3]).expand(3, 4)

# %% [markdown]
# ### unsupported operation: more than one element of the written-to tensor refers to a single memory location
#
# - **原因**：`expand` 的结果里好几个格子共用同一块内存，[原地操作](../glossary.md#in-place-operation)（名字以 `_` 结尾）无法逐格写入。
# - **改法**：照报错说的先 `.clone()`，或者用不带下划线的运算得到新张量。
# - **讲解**：[Tensor.expand 的陷阱](expand.py#陷阱)。

# %%
with prints_error(RuntimeError):
    x = torch.tensor([[1], [2], [3]])
    # each row: 4 cells, 1 element
    x.expand(3, 4).add_(1)

# %% [markdown]
# ### shape '[…]' is invalid for input of size …
#
# - **原因**：新形状各维长度之积必须等于元素个数，写了 `-1` 也一样。用布尔掩码取出的元素
#   如果每行个数不同，也无法切回成行。
# - **改法**：核对元素个数 `x.numel()`；留一法的掩码每行都要去掉恰好一个元素。
# - **讲解**：[reshape 的陷阱](reshape.py#陷阱)、[布尔掩码索引的陷阱](mask.py#陷阱_1)。

# %%
with prints_error(RuntimeError):
    # 6 elements do not fill rows of 4
    torch.arange(6).reshape(4, -1)

# %% [markdown]
# ### view size is not compatible with input tensor's size and stride
#
# - **原因**：`view` 从不复制，而转置之类的视图在内存里不是按行连续存放的。
# - **改法**：照报错说的改用 `reshape`（必要时会复制），或者写 `.contiguous().view(...)`。
# - **讲解**：[Tensor.view 的陷阱](reshape.py#陷阱_1)。

# %%
with prints_error(RuntimeError):
    x = torch.arange(6).reshape(2, 3)
    # t() is a view with swapped strides
    x.t().view(-1)

# %% [markdown]
# ### Dimension out of range
#
# - **原因**：`dim` 超出了张量的维数。二维张量只有 `dim=0`、`1`（或 `-2`、`-1`）；
#   `x.unsqueeze(dim)` 的 `dim` 最大可以取到 `x.dim()`（结果多出一个轴），再大就越界。
# - **改法**：打印 `x.dim()`；注意力权重按行归一化，用 `dim=1` 或 `dim=-1`。
# - **讲解**：[softmax 的陷阱](softmax.py#陷阱)、[Tensor.unsqueeze 的陷阱](squeeze.py#陷阱)。

# %%
# (n_queries, n_keys)
scores = torch.zeros(2, 3)
with prints_error(IndexError):
    # a 2-D tensor has dims 0, 1
    # (or -2, -1)
    F.softmax(scores, dim=2)

# %% [markdown]
# ### invalid index of a 0-dim tensor
#
# - **原因**：`squeeze()` 去掉了所有长度为 1 的轴，只剩一个 0 维张量，它没有可以索引的轴。
# - **改法**：用 `reshape(-1)` 得到一维向量（本章的写法），或者用 `.item()` 取出这个数。
# - **讲解**：[Tensor.squeeze 的陷阱](squeeze.py#陷阱_1)。

# %%
# (1, 1, 1): bmm's result for one query
y_hat = torch.ones(1, 1, 1)
with prints_error(IndexError):
    # squeeze() left a 0-d tensor
    y_hat.squeeze()[0]

# %% [markdown]
# ### repeats must have the same size as input along dim
#
# - **原因**：用张量给重复次数时，沿 `dim` 的每个元素都要有一个次数。
# - **改法**：次数张量的长度等于 `x.shape[dim]`（`dim=None` 时等于 `x.numel()`），
#   或者只给一个整数。
# - **讲解**：[repeat_interleave 的陷阱](repeat.py#陷阱)。

# %%
with prints_error(RuntimeError):
    x = torch.tensor([1, 2, 3])
    counts = torch.tensor([1, 2])
    # 3 elements, 2 counts
    x.repeat_interleave(counts)

# %% [markdown]
# ### Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor
#
# - **原因**：`Tensor.repeat` 要给每个轴一个次数，次数不会自动补齐。
# - **改法**：`x.repeat(2, 1)` 沿第 0 轴平铺两份；本章写的是 `x_train.repeat((n_train, 1))`。
# - **讲解**：[Tensor.repeat 的陷阱](repeat.py#陷阱_1)。

# %%
with prints_error(RuntimeError):
    # 2 axes, 1 count
    torch.ones(2, 3).repeat(2)

# %% [markdown]
# ## 类型不对
#
# 本章最常遇到：[addmv input tensors must have the same dtype, but got …](#addmv-input-tensors-must-have-the-same-dtype-but-got-)、[tensors used as indices must be long, int, byte or bool tensors](#tensors-used-as-indices-must-be-long-int-byte-or-bool-tensors)、[expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double)。
#
# 这一组的条目：
#
# - [masked_fill_ only supports boolean masks](#masked_fill_-only-supports-boolean-masks)
# - [tensors used as indices must be long, int, byte or bool tensors](#tensors-used-as-indices-must-be-long-int-byte-or-bool-tensors)
# - [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double)
# - [addmv input tensors must have the same dtype, but got …](#addmv-input-tensors-must-have-the-same-dtype-but-got-)
# - [mat1 and mat2 must have the same dtype](#mat1-and-mat2-must-have-the-same-dtype)
# - [expected m1 and m2 to have the same dtype](#expected-m1-and-m2-to-have-the-same-dtype)
# - [dot : expected both vectors to have same dtype, but found …](#dot--expected-both-vectors-to-have-same-dtype-but-found-)
# - ["softmax_lastdim_kernel_impl" not implemented for 'Long'](#softmax_lastdim_kernel_impl-not-implemented-for-long)
# - [rand(): argument 'size' (position 1) must be tuple of ints, not float](#rand-argument-size-position-1-must-be-tuple-of-ints-not-float)
# - [normal() received an invalid combination of arguments](#normal-received-an-invalid-combination-of-arguments)
# - ['torch.return_types.sort' object has no attribute 'numpy'](#torchreturn_typessort-object-has-no-attribute-numpy)
#
# ### masked_fill_ only supports boolean masks
#
# - **原因**：掩码必须是布尔型，`torch.eye(n)` 是浮点型。报错里写的是 `masked_fill_`，
#   不带下划线的 `masked_fill` 也会这样报。
# - **改法**：`mask.bool()` 或 `mask.type(torch.bool)`。先想清楚方向：`masked_fill` 填的是
#   `True` 的位置，留一法要遮的是对角线，所以掩码是 `torch.eye(n).bool()`。带参数那一页的
#   `(1 - torch.eye(n_train)).type(torch.bool)` 标的是要**保留**的键，拿它去遮不会报错，却会把别的键全遮掉。
# - **讲解**：[masked_fill 的陷阱](masked-fill.py#陷阱)。

# %%
# (n_queries, n_keys)
scores = torch.zeros(2, 3)
with prints_error(RuntimeError):
    # a float mask
    mask = torch.eye(2, 3)
    scores.masked_fill(
        mask,
        float("-inf"),
    )

# %% [markdown]
# ### tensors used as indices must be long, int, byte or bool tensors
#
# - **原因**：拿浮点张量当索引。本章的掩码 `(1 - torch.eye(n_train))` 要先转成布尔型。
# - **改法**：`tiled[(1 - torch.eye(3)).type(torch.bool)]`。
# - **讲解**：[布尔掩码索引的陷阱](mask.py#陷阱_1)、[带参数的注意力汇聚：留一法](../parametric.py#留一法的键和值一步一步来)。

# %%
x = torch.tensor([1.0, 2.0, 3.0])
tiled = x.repeat((3, 1))  # (3, 3)
with prints_error(IndexError):
    # a float mask: .type(torch.bool)
    # forgotten
    tiled[1 - torch.eye(3)]

# %% [markdown]
# ### expected scalar type Float but found Double
#
# - **原因**：两个张量一个是 float32（PyTorch 的默认），一个是 float64（NumPy 的默认，
#   `torch.from_numpy` 会保留它）。`bmm` 用的就是这句话；`torch.matmul`（和 `@`）的右边是一摞矩阵
#   （三维或更多）时，比如两个三维张量相乘，报的也是这一句（下面第二条报错）。
# - **改法**：`torch.from_numpy(a).float()`，或者用 `torch.tensor(a, dtype=torch.float32)`。
# - **讲解**：《数据》一页的[数据类型：float32 与 float64](../data.py#数据类型float32-与-float64)（含改法；本章的数据都是 float32）。
#   另见 [torch.matmul 的陷阱](matmul.py#陷阱)：右边超过二维时报的正是这一条。
# - **其他说法**：
#     - 左边是 float64、右边是 float32 时，两个类型名对调：`expected scalar type Double but found Float`（下面第三条报错）。
#     - 同样的类型混用，换一种乘法就换一种说法，紧接着的四条各讲一种：
#       [addmv input tensors must have the same dtype, but got …](#addmv-input-tensors-must-have-the-same-dtype-but-got-)、
#       [mat1 and mat2 must have the same dtype](#mat1-and-mat2-must-have-the-same-dtype)、
#       [expected m1 and m2 to have the same dtype](#expected-m1-and-m2-to-have-the-same-dtype)、
#       [dot : expected both vectors to have same dtype, but found …](#dot--expected-both-vectors-to-have-same-dtype-but-found-)。

# %%
# (n, 1, n_keys), float32
weights32 = torch.full((3, 1, 2), 0.5)
# (n, n_keys, 1), float64
ones64 = np.ones((3, 2, 1))
values64 = torch.from_numpy(ones64)
with prints_error(RuntimeError):
    torch.bmm(weights32, values64)
with prints_error(RuntimeError):
    # 3-D @ 3-D: a batch of products
    torch.matmul(weights32, values64)
with prints_error(RuntimeError):
    # float64 on the left: the two
    # dtype names swap places
    torch.bmm(
        weights32.double(),
        values64.float(),
    )

# %% [markdown]
# ### addmv input tensors must have the same dtype, but got …
#
# - **原因**：矩阵乘向量（二维 @ 一维，即本章的 `torch.matmul(attention_weights, y_train)`）时，
#   一边是 float32，另一边是 float64（NumPy 的默认，`torch.from_numpy` 会保留它）。
#   报错列出三个类型：后两个依次是矩阵和向量的类型；第一个是内部存放结果的张量的类型，跟着向量走，可以不管：
#     - float32 的矩阵乘 NumPy 来的 float64 向量（本章最可能遇到的）：`Double, Float, and Double`（下面第一条报错）。
#     - 反过来，float64 的矩阵乘 float32 的向量：`Float, Double, and Float`（下面第二条报错）。
# - **改法**：同上一条，`torch.from_numpy(a).float()`。
# - **讲解**：《数据》一页的[数据类型：float32 与 float64](../data.py#数据类型float32-与-float64)（含改法；本章的数据都是 float32）。
#   另见 [torch.matmul 的陷阱](matmul.py#陷阱)：那里 dtype 的例子打印的正是这一条。

# %%
# (n_test, n_train), float32
attention_weights = torch.full(
    (2, 3),
    1 / 3,
)
# (n_train,), float64: NumPy's default
y_train = torch.from_numpy(np.ones(3))
with prints_error(RuntimeError):
    # 2-D @ 1-D: a matrix times a vector
    torch.matmul(
        attention_weights,
        y_train,
    )
with prints_error(RuntimeError):
    # the dtypes swapped: a float64
    # matrix, a float32 vector
    torch.matmul(
        attention_weights.double(),
        y_train.float(),
    )

# %% [markdown]
# ### mat1 and mat2 must have the same dtype
#
# - **原因**：带偏置的 `nn.Linear`（默认就带偏置）的输入和权重类型不同，这里输入是整数，权重是 float32。
#   没有偏置的层，以及两个二维张量直接相乘，说法不同：见下一条。
# - **改法**：输入写成浮点数（`[[1.0, 2.0, 3.0]]`），或者 `.float()`。
# - **讲解**：[nn.Linear 的陷阱](linear.py#陷阱)。那里的层没有偏置，打印的是下一条报错
#   `expected m1 and m2 to have the same dtype`，原因和改法相同。

# %%
# float32 weight and bias
layer = nn.Linear(3, 2)
with prints_error(RuntimeError):
    # int64 input
    layer(torch.tensor([[1, 2, 3]]))

# %% [markdown]
# ### expected m1 and m2 to have the same dtype
#
# - **原因**：矩阵乘法的两边类型不同，而右边是一个二维矩阵。左边是下面哪一种，报的都是这一句
#   （带偏置的层说法不同，见上一条）：
#     - 没有偏置的 `nn.Linear` 的输入：右边的矩阵是转置后的层权重 `layer.weight.T`，形状为 `(in_features, out_features)`（下面第一条报错）。
#     - 二维矩阵（下面第二条报错）。
#     - 一维向量，即一维 @ 二维（下面第三条报错）。
#     - 一摞矩阵，批量维先被并入行数（下面第四条报错）。
# - **改法**：把类型不对的那一边转成 float32：`.float()`。
# - **讲解**：[nn.Linear 的陷阱](linear.py#陷阱)。另见 [torch.matmul 的陷阱](matmul.py#陷阱)：右边是二维时报的正是这一条。

# %%
# float32 weight, no bias
layer = nn.Linear(3, 2, bias=False)
with prints_error(RuntimeError):
    # int64 input
    layer(torch.tensor([[1, 2, 3]]))
# (3, 2), float64
m64 = torch.from_numpy(np.ones((3, 2)))
# float32 on the left: 2-D, 1-D, 3-D
lefts = [
    torch.ones(2, 3),
    torch.ones(3),
    torch.ones(4, 2, 3),
]
for left in lefts:
    with prints_error(RuntimeError):
        left @ m64

# %% [markdown]
# ### dot : expected both vectors to have same dtype, but found …
#
# - **原因**：两个一维向量相乘（`torch.matmul`、`@` 或 `torch.dot`）是点积，两个向量一个是 float32，
#   一个是 float64（比如由 NumPy 生成）。报错里先后是左边和右边的类型。
# - **改法**：同 [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double)，把 float64 的那个转成 float32：`.float()`。
# - **讲解**：《数据》一页的[数据类型：float32 与 float64](../data.py#数据类型float32-与-float64)（含改法；那里打印的正是这一条）。
#   另见 [torch.matmul 的陷阱](matmul.py#陷阱)：那里列出了 dtype 不同时的这种说法和其他几种。

# %%
# (3,), float32
a32 = torch.ones(3)
# (3,), float64: NumPy's default
b64 = torch.from_numpy(np.ones(3))
with prints_error(RuntimeError):
    # 1-D @ 1-D: a dot product
    torch.matmul(a32, b64)

# %% [markdown]
# ### "softmax_lastdim_kernel_impl" not implemented for 'Long'
#
# - **原因**：softmax 只对浮点数有定义；整数的 `torch.arange(3)` 是 int64（报错里叫 `Long`）。
# - **改法**：`torch.arange(3.0)` 或 `.float()`。
# - **讲解**：[softmax 的陷阱](softmax.py#陷阱)、[torch.arange 的陷阱](random.py#陷阱_3)。
# - **其他说法**：沿的不是最后一维时（比如二维整数张量的 `dim=0`），报错里写的是
#   `"softmax_kernel_impl" not implemented for 'Long'`（下面第二条报错）。

# %%
with prints_error(NotImplementedError):
    # arange of ints gives int64
    F.softmax(torch.arange(3), dim=0)
# (2, 3) of ints; dim=0 is not the
# last dimension
ints = torch.arange(6).reshape(2, 3)
with prints_error(NotImplementedError):
    F.softmax(ints, dim=0)

# %% [markdown]
# ### rand(): argument 'size' (position 1) must be tuple of ints, not float
#
# - **原因**：形状必须是整数，`/` 的结果总是浮点数。
# - **改法**：用整除 `n_train // 2`。
# - **讲解**：[torch.rand 的陷阱](random.py#陷阱)。

# %%
n_train = 50
with prints_error(TypeError):
    # / gives a float, even 25.0
    torch.rand(n_train / 2)

# %% [markdown]
# ### normal() received an invalid combination of arguments
#
# - **原因**：`torch.normal` 有好几种调用方式，传入的参数一种也对不上：均值和标准差都是数时，
#   必须再给出形状，而且形状要写成元组（`(3)` 只是整数 3，`(3,)` 才是元组）。
#   报错的第一行以“expected one of:”结尾，下面几行列出每一种调用方式，所以这里打印整条消息：
#   最后一种 `(float mean, float std, tuple of ints size, …)` 就是本章要的。
# - **改法**：`torch.normal(0.0, 0.5, (n_train,))`。
# - **讲解**：[torch.normal 的陷阱](random.py#陷阱_1)、《数据》一页的[噪声：torch.normal](../data.py#噪声torchnormal)。

# %%
# lines=None: the whole message, every
# way to call it
with prints_error(
    TypeError,
    lines=None,
):
    # no size: how many numbers?
    torch.normal(0.0, 0.5)

# %% [markdown]
# ### 'torch.return_types.sort' object has no attribute 'numpy'
#
# - **原因**：`torch.sort` 返回一对张量（值和原来的位置），只用一个变量去接，拿到的是这一对。
# - **改法**：`x_train, _ = torch.sort(...)`。
# - **讲解**：[torch.sort 的陷阱](random.py#陷阱_2)、《数据》一页的[排序：torch.sort](../data.py#排序torchsort)。

# %%
# (values, indices), not unpacked
x_train = torch.sort(torch.rand(5) * 5)
with prints_error(AttributeError):
    x_train.numpy()

# %% [markdown]
# ## 自动求导
#
# 本章最常遇到：[Can't call numpy() on Tensor that requires grad](#cant-call-numpy-on-tensor-that-requires-grad)、[Trying to backward through the graph a second time](#trying-to-backward-through-the-graph-a-second-time)。
#
# 这一组的条目：
#
# - [Can't call numpy() on Tensor that requires grad](#cant-call-numpy-on-tensor-that-requires-grad)
# - [a leaf Variable that requires grad is being used in an in-place operation.](#a-leaf-variable-that-requires-grad-is-being-used-in-an-in-place-operation)
# - [Trying to backward through the graph a second time](#trying-to-backward-through-the-graph-a-second-time)
# - [grad can be implicitly created only for scalar outputs](#grad-can-be-implicitly-created-only-for-scalar-outputs)
# - [one of the variables needed for gradient computation has been modified by an inplace operation](#one-of-the-variables-needed-for-gradient-computation-has-been-modified-by-an-inplace-operation)
#
# ### Can't call numpy() on Tensor that requires grad
#
# - **原因**：需要[梯度](../glossary.md#gradient)的张量（`nn.Parameter`，以及由它算出、还连着[计算图](../glossary.md#computational-graph)的结果）不能直接变成
#   NumPy 数组，画图时最常遇到。
# - **改法**：照报错说的先 `.detach()`，如下面代码的最后两行；或者在 `with torch.no_grad():` 块里调用 `.numpy()`。
# - **讲解**：[clone 与 detach 的陷阱](clone.py#陷阱)、[nn.Parameter 的陷阱](training.py#陷阱)、
#   [带参数的注意力汇聚：画图之前先 detach](../parametric.py#画图之前先-detach)。

# %%
model = at.NWKernelRegression(w=2.0)
with prints_error(RuntimeError):
    # an nn.Parameter requires grad
    model.w.numpy()
w = model.w.detach()
print("with detach():", w.numpy())

# %% [markdown]
# ### a leaf Variable that requires grad is being used in an in-place operation.
#
# - **原因**：手写的[梯度](../glossary.md#gradient)下降一步 `w -= lr * w.grad`（`lr` 是[学习率](../glossary.md#learning-rate)）
#   是对[叶子张量](../glossary.md#leaf-tensor) `w` 的[原地操作](../glossary.md#in-place-operation)，[自动求导](../glossary.md#autograd)不允许记录它。
# - **改法**：把这一步放进 `with torch.no_grad():`（如下），或者交给 `optimizer.step()`，它就是这样做的。
# - **讲解**：[torch.optim.SGD 的陷阱](training.py#陷阱_2)（手写一步梯度下降 `w -= lr * w.grad`）。

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# w.grad = -18
((3 * w - 6) ** 2).sum().backward()
with prints_error(RuntimeError):
    # a hand-written step on a leaf:
    # autograd refuses it
    w -= 0.1 * w.grad
with torch.no_grad():
    # the same step, not recorded
    w -= 0.1 * w.grad
value = round(w.item(), 4)
print("w after one step:", value)

# %% [markdown]
# ### Trying to backward through the graph a second time
#
# - **原因**：第二次 `backward()` 要再用[计算图](../glossary.md#computational-graph)里保存的中间结果（下面是 `exp()` 的结果），而第一次 `backward()` 用完就把它们释放了。
#   训练循环里常见的原因是把上一轮的损失（或由它算出的张量）带进了这一轮。
# - **改法**：每一步重新做一次前向计算得到新的损失；确实要两次时才用 `backward(retain_graph=True)`。
# - **讲解**：[torch.optim.SGD 的陷阱](training.py#陷阱_2)（对同一个损失调用两次 `backward()`）；正确的写法（每轮重新前向计算出新的损失）：[带参数的注意力汇聚：训练](../parametric.py#训练)。

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# exp() saves its result for backward
loss = (3 * w.exp()).sum()
loss.backward()
with prints_error(RuntimeError):
    # the saved values were freed by the
    # first call
    loss.backward()

# %% [markdown]
# ### grad can be implicitly created only for scalar outputs
#
# - **原因**：`reduction='none'` 的损失是一个向量，`backward()` 不带参数时只接受一个数。
# - **改法**：本章写的是 `squared_errors.sum().backward()`。
# - **讲解**：[torch.optim.SGD 的陷阱](training.py#陷阱_2)、[带参数的注意力汇聚：训练](../parametric.py#训练)（本章在 `backward()` 之前先 `.sum()`）。

# %%
w0 = torch.tensor([1.0, -1.0])  # (2,)
w = nn.Parameter(w0)
target = torch.tensor([6.0, 0.0])
mse = nn.MSELoss(reduction="none")
# one per element: (2,)
squared_errors = mse(3 * w, target)
with prints_error(RuntimeError):
    # (2,): backward() needs a number
    squared_errors.backward()

# %% [markdown]
# ### one of the variables needed for gradient computation has been modified by an inplace operation
#
# - **原因**：反向传播（沿[计算图](../glossary.md#computational-graph)往回求[梯度](../glossary.md#gradient)）要用的值在前向计算之后被[原地操作](../glossary.md#in-place-operation)改掉了；
#   `detach()` 出来的张量与原张量共享内存，改它就是改原张量。下面的例子里，要用的值是 `y`。
# - **改法**：要改的话先 `.clone()`（本例应写成 `y.detach().clone().zero_()`，`y` 就不受影响），或者用不带下划线的运算。
# - **讲解**：[clone 与 detach 的陷阱](clone.py#陷阱)。

# %%
x = torch.tensor(
    [1.0, 2.0],
    requires_grad=True,
)
# backward needs y itself:
# d exp(x) / dx = exp(x)
y = x.exp()
# detach() shares memory: this
# overwrites y
y.detach().zero_()
with prints_error(RuntimeError):
    y.sum().backward()

# %% [markdown]
# ## 本教程的包给出的报错
#
# 本章最常遇到：[… must be a 1-D tensor of shape …](#-must-be-a-1-d-tensor-of-shape-)、[… must have the same length](#-must-have-the-same-length)。
#
# 包里的函数检查参数，报错时点名出错的参数、说明应有的形状或类型。下面用到数据的例子都用 40 个训练点、
# 50 个测试输入的数据，让形状写错的调用一定报错（`n_train` 与 `n_test` 相同时，有些错误不会报出来）。
#
# 这一组的条目，冒号前是出了什么错（前五条的标题以 `…` 开头，它代表报错点名的参数，例如 `queries`，或一起点名的
# `keys and values`）：
#
# - 不是张量：[… must be a torch.Tensor, got …](#-must-be-a-torchtensor-got-)
# - 形状不对：[… must be a 1-D tensor of shape …](#-must-be-a-1-d-tensor-of-shape-)
# - 不是浮点型：[… must have a floating-point dtype](#-must-have-a-floating-point-dtype)
# - 长度不同：[… must have the same length](#-must-have-the-same-length)
# - 类型不同：[… must have the same dtype](#-must-have-the-same-dtype)
# - 带参数模型的键不是二维：[keys must be a 2-D tensor of shape (n_queries, n_keys)](#keys-must-be-a-2-d-tensor-of-shape-n_queries-n_keys)
# - 掩码不是布尔型：[mask must have dtype torch.bool (True = may attend), got …](#mask-must-have-dtype-torchbool-true--may-attend-got-)
# - 掩码遮住了一个查询的所有键：[mask leaves a query with no key: its softmax would be NaN](#mask-leaves-a-query-with-no-key-its-softmax-would-be-nan)
# - 训练时 $w$ 溢出：[w left float32's range (about 3.4e38) after a step with lr = …](#w-left-float32s-range-about-34e38-after-a-step-with-lr--)

# %%
data = at.make_data(n_train=40)
print(
    "x_train:",
    tuple(data.x_train.shape),
    " x_test:",
    tuple(data.x_test.shape),
)

# %% [markdown]
# ### … must be a torch.Tensor, got …
#
# - **原因**：包的函数只接受张量，`queries`、`keys`、`values`、`x_train`、`y_train` 都不能是列表或 NumPy 数组。
# - **改法**：`torch.tensor([0.0, 2.5, 5.0])`；NumPy 数组用 `torch.from_numpy(a).float()`。
# - **讲解**：[API 参考：汇聚](../api/pooling.md)。

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(TypeError):
    # a list
    at.nadaraya_watson(
        [0.0, 2.5, 5.0],
        data.x_train,
        data.y_train,
    )

# %% [markdown]
# ### … must be a 1-D tensor of shape …
#
# - **原因**：`nadaraya_watson` 要的是一维的查询 `(n_test,)`，它自己去铺成矩阵；
#   这里传进去的是已经铺好的 `(n_test, n_train)` 矩阵。
# - **改法**：直接传 `data.x_test`。
# - **讲解**：[非参数注意力汇聚：把查询铺成矩阵](../nonparametric.py#把查询铺成矩阵)。

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
# x_test tiled: (n_test, n_train)
n = data.n_train
flat = data.x_test.repeat_interleave(n)
queries = flat.reshape(-1, n)
with prints_error(ValueError):
    # the tiled matrix
    at.nadaraya_watson(
        queries,
        data.x_train,
        data.y_train,
    )

# %% [markdown]
# ### … must have a floating-point dtype
#
# - **原因**：整数的 `torch.arange(5)` 是 int64，而核函数和 softmax 要在浮点数上算；`queries`、`keys`、`values` 都必须是浮点型。
# - **改法**：`torch.arange(5.0)` 或 `.float()`。
# - **讲解**：[torch.arange 的陷阱](random.py#陷阱_3)。

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(ValueError):
    # int64
    at.nadaraya_watson(
        torch.arange(5),
        data.x_train,
        data.y_train,
    )

# %% [markdown]
# ### … must have the same length
#
# - **原因**：键和值要一一配对。这里把查询和键对调了：键成了 50 个测试输入，值仍是 40 个训练输出。
#   画图函数收到长度不同的曲线时，也用这句话报错。
# - **改法**：调用顺序是查询、键、值，即 `nadaraya_watson(x_test, x_train, y_train)`。
# - **讲解**：[非参数注意力汇聚：查询和键能互换吗？](../nonparametric.py#查询和键能互换吗)

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(ValueError):
    # queries and keys swapped
    at.nadaraya_watson(
        data.x_train,
        data.x_test,
        data.y_train,
    )

# %% [markdown]
# ### … must have the same dtype
#
# - **原因**：查询、键、值的类型要一致，这里键是 NumPy 来的 float64。
# - **改法**：`keys64.float()`。
# - **讲解**：《数据》一页的[数据类型：float32 与 float64](../data.py#数据类型float32-与-float64)、上面的 [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double)。

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
# float64: NumPy's default
grid = np.linspace(0.0, 5.0, 40)
keys64 = torch.from_numpy(grid)
with prints_error(ValueError):
    at.nadaraya_watson(
        data.x_test,
        keys64,
        data.y_train,
    )

# %% [markdown]
# ### keys must be a 2-D tensor of shape (n_queries, n_keys)
#
# - **原因**：带参数的模型给每个查询一行自己的键和值，所以键和值是二维的 `(n_queries, n_keys)`。
# - **改法**：训练时用 `at.leave_one_out(x_train, y_train)` 得到每行去掉自己的键和值（如下）；
#   预测时把训练数据铺成 `(n_test, n_train)`。
# - **讲解**：[带参数的注意力汇聚：留一法的键和值](../parametric.py#留一法的键和值一步一步来)、
#   [带参数的注意力汇聚：模型](../parametric.py#模型)。

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
model = at.NWKernelRegression(w=1.0)
with prints_error(ValueError):
    # 1-D keys
    model(
        data.x_train,
        data.x_train,
        data.y_train,
    )
# (40, 39) each
keys, values = at.leave_one_out(
    data.x_train,
    data.y_train,
)
y_hat = model(
    data.x_train,
    keys,
    values,
)
shape = tuple(y_hat.shape)
print("with leave_one_out:", shape)

# %% [markdown]
# ### mask must have dtype torch.bool (True = may attend), got …
#
# - **原因**：`dot_product_attention` 的 `mask` 必须是布尔张量；这里传的是浮点的 `torch.ones(2, 3)`（`torch.eye` 默认也是浮点）。
# - **改法**：`mask.bool()`，或造掩码时写 `dtype=torch.bool`。注意方向：这里 `True` 表示“可以关注”，与 `masked_fill` 相反。
# - **讲解**：[masked_fill 的陷阱](masked-fill.py#陷阱)（浮点掩码被拒绝）；`True` 的方向见同一页的[两种布尔掩码，两种约定](masked-fill.py#两种布尔掩码两种约定)。

# %%
q = torch.zeros(2, 1)  # (n_queries, d)
kv = torch.zeros(3, 1)  # (n_keys, d)
with prints_error(ValueError):
    # a float mask
    at.dot_product_attention(
        q,
        kv,
        kv,
        mask=torch.ones(2, 3),
    )

# %% [markdown]
# ### mask leaves a query with no key: its softmax would be NaN
#
# - **原因**：`dot_product_attention` 的 `mask` 里 `True` 表示“可以关注”。某个查询的那一行全是 `False`，
#   它就没有键可以分权重，softmax 会算出 0 除以 0，即 `nan`；包在算之前就报错。常见的来由是把 `masked_fill`
#   约定（`True` 表示遮住）的掩码原样传了进来。
# - **改法**：`masked_fill` 约定的掩码要先取反，传 `~mask`；并确认每一行至少有一个 `True`。
# - **讲解**：[masked_fill 的陷阱](masked-fill.py#陷阱)和同一页的[两种布尔掩码，两种约定](masked-fill.py#两种布尔掩码两种约定)。

# %%
q = torch.zeros(2, 1)  # (n_queries, d)
kv = torch.zeros(3, 1)  # (n_keys, d)
# True = may attend; query 0: no key
mask = torch.tensor(
    [
        [False, False, False],
        [True, True, False],
    ]
)
with prints_error(ValueError):
    at.dot_product_attention(
        q,
        kv,
        kv,
        mask=mask,
    )

# %% [markdown]
# ### w left float32's range (about 3.4e38) after a step with lr = …
#
# - **原因**：`w_path(..., log_w=True)` 训练的是 $\log w$ 而不是 $w$（$w = e^{\log w}$）；`lr` 太大时，
#   一步就让 $w$ 超出 float32 能表示的最大数，`w_path` 于是报错，而不是带着 `inf` 继续算。
# - **改法**：用更小的 `lr`，例如 0.05。训练 $\log w$ 与直接训练 $w$ 各走成什么样，见下面的讲解。
# - **讲解**：[训练后的曲线为何不平滑：自己走一走](../smoothness.py#自己走一走)。

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(ValueError):
    at.w_path(
        data.x_train,
        data.y_train,
        w0=0.5,
        lr=10.0,
        epochs=1,
        log_w=True,
    )


# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text: if a new
# run changes one, the build fails
def said(call, *args):
    """The error call(*args) raises."""
    try:
        call(*args)
    except Exception as err:
        return str(err).splitlines()[0]
    raise AssertionError("no error")


# mat1 and mat2: a batch on the left
# is folded into the rows; nn.Linear
# says the same; its right operand is
# the weight transposed, (in, out)
A = torch.ones(2, 3)
stack = torch.ones(4, 2, 3)
layer = nn.Linear(2, 3)
folded = said(lambda: stack @ A)
assert "(8x3 and 2x3)" in folded
linear = said(lambda: layer(stack))
assert linear == folded
assert layer.weight.T.shape == (2, 3)
# size mismatch: the batch is folded
# into the rows of mat, and of input
one = torch.ones(2)
vec = said(torch.matmul, stack, one)
assert "input (8), mat (8x3)" in vec
# batch2: matmul with a 3-D right side
# says what bmm says
a3 = A.expand(4, 2, 3)
bmm = said(torch.bmm, a3, stack)
mm = said(torch.matmul, A, stack)
assert mm == bmm
assert "batch2" in bmm
# batch2: the batch size is the product
# of the broadcast batch shape, 4 * 5
p = torch.ones(4, 1, 2, 3)
q = torch.ones(5, 2, 3)
twenty = said(torch.matmul, p, q)
want = "[20, 3] but got: [20, 2]"
assert want in twenty
# Float but found Double: bmm and
# matmul of 3-D tensors say the same
a = torch.full((3, 1, 2), 0.5)
b = torch.ones(3, 2, 1).double()
bmm = said(lambda: torch.bmm(a, b))
assert said(lambda: a @ b) == bmm
# addmv: the first dtype follows the
# vector
a = torch.ones(2, 3)
b = torch.ones(3).double()
first = said(lambda: a @ b)
dtypes = "Double, Float, and Double"
assert dtypes in first
a, b = a.double(), b.float()
first = said(lambda: a @ b)
dtypes = "Float, Double, and Float"
assert dtypes in first
# m1 and m2: whatever the left operand,
# 2-D, 1-D or 3-D
b = torch.ones(3, 2).double()
for left in (A, A[0], stack):
    m1m2 = said(torch.matmul, left, b)
    assert "expected m1 and m2" in m1m2
# tensor a is the left, b the right;
# (2, 3) - (2,) clashes in dimension 1;
# in masked_fill, a is the mask
keys = torch.tensor([0.0, 0.5])
clash = said(lambda: A - keys)
assert clash.endswith("dimension 1")
wrong = torch.ones(3, 2) > 0
filled = said(A.masked_fill, wrong, 0.0)
assert "tensor a (2)" in filled
assert "tensor b (3)" in filled
# float64 on the left: Double, Float
b32 = torch.ones(3, 2, 1)
a64 = torch.ones(3, 1, 2).double()
swap = said(torch.bmm, a64, b32)
swapped = "Double but found Float"
assert swap.endswith(swapped)
# softmax along dim 0, not the last one
ints = torch.arange(6).reshape(2, 3)
kernel = said(F.softmax, ints, 0)
assert '"softmax_kernel_impl"' in kernel
