# %% [markdown]
# # torch.einsum：把乘积写成下标方程
#
# `torch.einsum` 让你用字母给维度命名，然后按这些字母做乘法、对下标求和，和纸上的公式一模一样。本章的批量乘法是
#
# ```python
# torch.bmm(
#     weights.unsqueeze(1),
#     values.unsqueeze(-1),
# ).reshape(-1)
# ```
#
# 它要调用两次 `unsqueeze` 再 `reshape` 一次，才能表达“对每个查询 $q$，对所有键 $k$ 把权重乘以值再求和”。用 einsum 写就是 `"qk,qk->q"`。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.einsum
#
# ```python
# torch.einsum(
#     equation, *operands
# ) -> Tensor
# ```
#
# - `equation`：每个操作数一组字母，用逗号隔开，然后是 `->` 和结果的字母。每个字母代表一个维度。
# - 在输入中出现、但**没有**出现在 `->` 之后的字母，会被求和掉。
# - 几个输入共有的字母，在各个输入中的大小必须相同（大小为 1 的例外，见下面的“陷阱”）；各个输入里这个字母下标相同的元素相乘。
# - 同一个操作数里重复的字母（如 `"ii"`）只取这两维下标相等的元素，也就是对角线。
# - `operands`：张量，个数与字母组数相同（`"qk,qk->q"` 有两组，就要传两个张量）。
#
# | 方程 | 等价于 |
# |---|---|
# | `"i,i->"` | `torch.dot(a, b)`，点积 |
# | `"ij,jk->ik"` | `A @ B`，矩阵乘法 |
# | `"bij,bjk->bik"` | `torch.bmm(A, B)`，批量中每个元素各做一次矩阵乘法 |
# | `"ij->ji"` | `A.T`，转置（不求和） |
# | `"bqd,bkd->bqk"` | `Q @ K.transpose(-2, -1)`，注意力分数（除以 $\sqrt{d}$ 之前） |
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> A = torch.tensor(
# ...     [[1.0, 2.0], [3.0, 4.0]]
# ... )
# >>> B = torch.tensor(
# ...     [[1.0, 0.0], [1.0, 1.0]]
# ... )
# >>> torch.einsum("ij,jk->ik", A, B)
# tensor([[3., 2.],
#         [7., 4.]])
# >>> AB = torch.einsum("ij,jk->ik", A, B)
# >>> torch.equal(AB, A @ B)
# True
# >>> # the trace, 1 + 4: the repeated
# >>> # letter i walks the diagonal
# >>> torch.einsum("ii->", A)
# tensor(5.)
# ```
#
# 下面把本章 `bmm` 加 `unsqueeze` 的写法和表达同一件事的 einsum 放在一起对照。先造出三个查询的权重和值，
# 每个查询两个键（下面的图示也用这两个张量）：

# %%
# (n_queries, n_keys) = (3, 2)
weights = torch.tensor(
    [
        [0.2, 0.8],
        [0.5, 0.5],
        [1.0, 0.0],
    ]
)
values = torch.tensor(
    [
        [10.0, 20.0],
        [30.0, 40.0],
        [50.0, 60.0],
    ]
)

# %%
# (3, 1, 2) @ (3, 2, 1) -> (3, 1, 1)
y = torch.bmm(
    weights.unsqueeze(1),
    values.unsqueeze(-1),
)
print("bmm:   ", y.reshape(-1))
y_einsum = torch.einsum(
    "qk,qk->q",
    weights,
    values,
)
print("einsum:", y_einsum)

# %% [markdown]
# ### 图示
#
# `"qk,qk->q"` 做的是两步：把上面例子里的 `weights` 和 `values` 逐元素相乘，再把每一行（每个查询 $q$）沿 $k$ 加起来。下面先把这两步打印出来，再画图：

# %%
products = weights * values  # (3, 2)
print(products)
# the sum over k: what "->q" keeps
y_hat = products.sum(dim=1)  # (3,)
print(y_hat)

# %% [markdown]
# 图里颜色表示行，也就是查询：`weights` 和 `values` 的同一行同色，两两相乘再求和，得到 `y_hat` 里同色的那个元素。加框的格子是第一个查询：上面打印的乘积第一行的两个数相加，就是 `y_hat` 的第一个元素。

# %%
at.diagram_einsum(weights, values)

# %% [markdown]
# ### 陷阱
#
# 同一个字母只能有一个大小。唯一的例外是大小为 1：它会广播成另一个大小，所以报错里说的是 does not broadcast（不能广播）。这里 `k` 在第一个操作数里是 2，在第二个里是 3（PyTorch 从 0 开始数操作数：报错里的 operand 1 就是 `b`）：

# %%
a = torch.ones(3, 2)  # q = 3, k = 2
b = torch.ones(3, 3)  # q = 3, k = 3
try:
    torch.einsum("qk,qk->q", a, b)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`einsum(): subscript … which does not broadcast with previously seen size …`](errors.py#einsum-subscript--which-does-not-broadcast-with-previously-seen-size-)。
#
# 大小为 1 的例外是这样的：`a` 里的 `k` 是 1，它广播成 `b` 里的 2，每一行对两个 1 求和：

# %%
# k = 1 in a: it broadcasts to b's 2
a = torch.ones(3, 1)
b = torch.ones(3, 2)
print(torch.einsum("qk,qk->q", a, b))

# %% [markdown]
# 字母组数必须等于张量个数。`"qk,qk->q"` 有两组字母，却传了三个张量：

# %%
a = torch.ones(3, 2)
try:
    torch.einsum("qk,qk->q", a, a, a)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`einsum(): more operands were provided than specified in the equation`](errors.py#einsum-more-operands-were-provided-than-specified-in-the-equation)。少传一个张量，报错就换成 `fewer operands`。

# %% [markdown]
# 每组的字母数也必须等于对应张量的维数。`"qk"` 两个字母，张量却有三维：

# %%
x = torch.ones(3, 2, 1)  # 3 dimensions
try:
    torch.einsum("qk->q", x)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)`](errors.py#einsum-the-number-of-subscripts-in-the-equation--does-not-match-the-number-of-dimensions-)。
#
# 报错末尾的“no ellipsis was given”指的是省略号 `...`。把它写在一组字母的最前面，它就代表“前面任意多个维度”。只要结果里也写上 `...`，这些维度就不求和：像批量维那样逐个下标配对（必要时广播），并保留在结果中 `...` 的位置；结果里不写 `...`，它们就被求和掉。于是同一个方程既能处理一对矩阵，也能处理一批矩阵：
#
# ```pycon
# >>> import torch
# >>> eq = "...qd,...kd->...qk"
# >>> Q = torch.ones(3, 4)  # (q, d)
# >>> K = torch.ones(5, 4)  # (k, d)
# >>> torch.einsum(eq, Q, K).shape
# torch.Size([3, 5])
# >>> Q = torch.ones(2, 3, 4)  # (b, q, d)
# >>> K = torch.ones(2, 5, 4)  # (b, k, d)
# >>> torch.einsum(eq, Q, K).shape
# torch.Size([2, 3, 5])
# >>> # no ... after ->: b is summed too
# >>> S = torch.einsum(
# ...     "...qd,...kd->qk", Q, K
# ... )
# >>> # each entry: 2 batches x 4 terms
# >>> S.shape, S[0, 0]
# (torch.Size([3, 5]), tensor(8.))
# ```
#
# 这里 `...` 先代表零个维度，后代表批量维 `b`。最后一个方程的结果里没有 `...`，`b` 就和 `d` 一样被求和：每个元素是 2 个批量、每个批量 4 项乘积之和，即 8。本章只用写明的字母，每一维都看得见。

# %% [markdown]
# 还有，einsum 不检查**含义**：只要大小碰巧对得上（比如方阵），`"qk,kq->q"` 照样能运行，但它把 `weights[q, k]` 和 `values[k, q]`（转置位置上的元素）配在了一起，算出来的是另一个数，也不报错：

# %%
# the first two queries: (2, 2),
# square, so both equations run
w2 = weights[:2]
v2 = values[:2]
same = torch.einsum("qk,qk->q", w2, v2)
swap = torch.einsum("qk,kq->q", w2, v2)
print("qk,qk->q:", same)
print("qk,kq->q:", swap)

# %% [markdown]
# 第一个查询本该是 $0.2 \cdot 10 + 0.8 \cdot 20 = 18$，`"qk,kq->q"` 却算成 $0.2 \cdot 10 + 0.8 \cdot 30 = 26$。按公式给字母起名（`q` 表示查询，`k` 表示键），这种错误一眼就能看出来。
#
# ### 本章在哪里用到
#
# 《[带参数的注意力汇聚](../parametric.py)》一页用 [torch.bmm](bmm.py) 和 [unsqueeze](squeeze.py) 计算加权和，就是上面“例子”里 `bmm` 那一格的写法。《[从核回归到 Transformer 注意力](../transformer.py)》一页的“[亲手写出缩放点积注意力](../transformer.py#亲手写出缩放点积注意力)”一节把分数写成 `Q @ K.transpose(-2, -1)`，也用 `torch.einsum("bqd,bkd->bqk", Q, K)` 再算一遍，核对两者相同。
