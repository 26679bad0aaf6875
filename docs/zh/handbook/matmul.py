# %% [markdown]
# # torch.matmul：一个函数，五种乘法
#
# `torch.matmul(input, other)`（也可以写成 `input @ other`）沿一对轴相乘再求和（是哪两个轴，见下面的参数）。
# 结果长什么样取决于两个张量各有几维，一共五种情况。
#
# 下面导入的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.matmul
#
# ```python
# torch.matmul(
#     input, other, *, out=None
# ) -> Tensor
# input @ other
# ```
#
# 返回 `input` 与 `other` 的矩阵乘积；遇到向量或成批的矩阵时按下面的规则处理。
#
# - `input`、`other`：至少一维、dtype 相同的张量。`input` 的最后一个轴与 `other`
#   的倒数第二个轴（`other` 是一维时就是它唯一的轴）长度必须相同，记为 $d$：
#   求和就沿这个轴进行，下面的公式里它的下标记为 $l$。
# - `out`：可选，把结果写进这个张量。
#
# 按 `input` 和 `other` 各有几维，分成五种情况（两个输入的形状 → 结果的形状）。
# 形状写成括号里各轴的长度：`(3,)` 是只有一个轴、长度为 3 的形状（一维张量；逗号是 Python
# 写只有一项的元组的方式），`(2, 3)` 是 2 行 3 列，`()` 是一个轴也没有的 0 维张量：
#
# - **一维 · 一维**：`(d,)` 与 `(d,)` → `()`。点积 $y = \sum_l a_l b_l$。
# - **二维 · 二维**：`(n, d)` 与 `(d, m)` → `(n, m)`。矩阵乘法 $y_{ij} = \sum_l A_{il} B_{lj}$。
# - **一维 · 二维**：`(d,)` 与 `(d, m)` → `(m,)`。前面补 1：`(1, d) @ (d, m)` 得 `(1, m)`，再去掉这个 1。
# - **二维 · 一维**：`(n, d)` 与 `(d,)` → `(n,)`。后面补 1：`(n, d) @ (d, 1)` 得 `(n, 1)`，再去掉这个 1。
# - **成批**（任一边超过两维）：最后两个轴是矩阵，前面的轴（[批量维](../glossary.md#batch-dimension)）把许多矩阵叠成一摞。
#   两摞矩阵一对一对地相乘：第一个乘第一个，第二个乘第二个，依此类推。
#   用 `...` 表示批量维，形状是：`(..., n, d)` 与 `(..., d, m)` → `(..., n, m)`。
#   两边的批量维怎样配对，用的是[广播](expand.py#广播)的规则（下面说到成批时，用的都是这一条）：
#     - 两边的批量形状从右端对齐。
#     - 对齐的每一维，两个长度要么相等，要么有一个是 1；是 1 的那一边重复使用。
#     - 缺了批量维的一边（只是一个矩阵或向量），和另一摞里的每个矩阵各乘一次。
#
# 一维 · 二维时“补 1 再去掉”这两步，可以自己验证：`reshape(1, 3)` 把向量变成一行的矩阵，
# 结果就多出大小为 1 的那一维：
#
# ```pycon
# >>> import torch
# >>> x = torch.ones(3)
# >>> M = torch.ones(3, 2)
# >>> # (3,) @ (3, 2): the 1 is removed
# >>> torch.matmul(x, M).shape
# torch.Size([2])
# >>> # (1, 3) @ (3, 2): the 1 stays
# >>> row = x.reshape(1, 3)
# >>> torch.matmul(row, M).shape
# torch.Size([1, 2])
# ```
#
# ### 例子
#
# 下面的代码定义 `a`、`b`、`A`、`B`，这一页后面的图和陷阱都接着用这几个张量：

# %%
a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 5.0, 6.0])
A = torch.tensor(  # (2, 3)
    [
        [1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0],
    ]
)
B = torch.tensor(  # (3, 2)
    [
        [1.0, 0.0],
        [0.0, 1.0],
        [1.0, 1.0],
    ]
)
# (3,) @ (3,) -> (): 1*4 + 2*5 + 3*6
y = torch.matmul(a, b)
print("a @ b =", y)
# (2, 3) @ (3, 2) -> (2, 2)
print("A @ B =")
print(A @ B)
# (3,) @ (3, 2) -> (2,)
print("a @ B =", torch.matmul(a, B))
# (2, 3) @ (3,) -> (2,)
print("A @ a =", torch.matmul(A, a))

# %% [markdown]
# 成批的情形只看形状：`torch.ones(...)` 造出给定形状、元素全是 1 的张量。
# `X` 是 4 个 `(2, 3)` 矩阵叠成的一摞，乘一个 `(3, 2)` 矩阵 `W`：`W` 没有批量维，
# 和每个矩阵各乘一次，得到 4 个 `(2, 2)` 矩阵。
# `P` 和 `Q` 两边都有批量维，分别是 `(4, 1)` 和 `(5,)`；怎样配对见代码下面的图。
# 最后，`X @ v` 是一摞矩阵乘一个向量 `v`：`v` 后面补 1 成为 `(3, 1)`，`X` 里每个矩阵乘它得到
# `(2, 1)`，再去掉补上的 1，结果是 `(4, 2)`：

# %%
# a stack of 4 matrices, each (2, 3)
X = torch.ones(4, 2, 3)
# one (3, 2) matrix
W = torch.ones(3, 2)
# (4, 2, 3) @ (3, 2) -> (4, 2, 2)
XW = X @ W
print("X @ W:", tuple(XW.shape))
# batch shapes (4, 1) and (5,)
P = torch.ones(4, 1, 2, 3)
Q = torch.ones(5, 3, 2)
# -> batch shape (4, 5)
PQ = P @ Q
print("P @ Q:", tuple(PQ.shape))
# a vector against the stack:
# (4, 2, 3) @ (3,) -> (4, 2)
v = torch.ones(3)
Xv = X @ v
print("X @ v:", tuple(Xv.shape))

# %% [markdown]
# `P @ Q` 的批量形状画出来是这样：`P` 的 `(4, 1)` 在上，`Q` 的 `(5,)` 在下，从右端对齐；
# `Q` 少一维，左边补 1。同色的格子是对齐的同一维；`Q` 左边补上的 1 不上色，因为 `Q` 并没有这一维。
# 每一维里，长度为 1 的那一边取另一边的长度，批量形状成为 `(4, 5)`，也就是 4 × 5 对矩阵，每对相乘得到一个 `(2, 2)` 矩阵。
# 每个批量形状下面写着完整的形状，最后两维是矩阵部分，不参与对齐：

# %%
at.diagram_batch_shapes(
    P,
    Q,
    names=("P", "Q"),
)

# %% [markdown]
# ### 图示
#
# 下面用例子里的 `a`、`b`、`A`、`B` 画出五种情况。五张图的读法相同：
# 每个张量画成一格一格的网格，格子里是元素的值，形状写在下面；输入在上层，
# 箭头旁写着代码，指向下层的结果。输入的名字就是代码里的变量名，结果在图中叫 `y`。
# 颜色标出求和的那一维（下标 $l$）；红框里同色的格子两两相乘再相加，
# 得到结果里红框中的那个元素，即结果的第一个元素。`y` 里是算出的新值，不上色。
#
# **一维 · 一维**，即点积：两个向量 `a` 和 `b` 逐个元素对上。

# %%
at.diagram_matmul(a, b)

# %% [markdown]
# **二维 · 二维**：`A` 的第 $i$ 行对上 `B` 的第 $j$ 列，得到 $y_{ij} = \sum_l A_{il} B_{lj}$；`A` 的第 $l$ 列与 `B` 的第 $l$ 行同色。

# %%
at.diagram_matmul(
    A,
    B,
    names=("A", "B"),
)

# %% [markdown]
# **一维 · 二维**：向量 `a` 当作一行，与 `B` 的每一列相乘求和。

# %%
at.diagram_matmul(
    a,
    B,
    names=("a", "B"),
)

# %% [markdown]
# **二维 · 一维**：向量 `a` 当作一列，`A` 的每一行都与它相乘求和。
# 图里的 `a` 仍画成一行（一维张量本来不分行列），计算时当作一列：它的第 $l$ 个元素与 `A` 的第 $l$ 列同色。

# %%
at.diagram_matmul(
    A,
    a,
    names=("A", "a"),
)

# %% [markdown]
# **成批**：`batch` 是两个 `(2, 3)` 矩阵叠成的一摞，乘以同一个 `(3, 2)` 矩阵 `B`；
# `B` 没有批量维，所以它和 `batch` 里的每个矩阵各乘一次。蓝框标出第二对：`batch[1]` 的第 0 行
# 与 `B` 的同一列（红框里的那一列）相乘求和，得到 `y[1, 0, 0]`。

# %%
# (2, 2, 3) @ (3, 2) -> (2, 2, 2)
batch = torch.stack([A, A + 1])
at.diagram_matmul(
    batch,
    B,
    names=("batch", "B"),
)

# %% [markdown]
# ### 陷阱
#
# 求和的两个轴长度必须相同。PyTorch 把两个矩阵叫作 `mat1` 和 `mat2`，形状写成“行x列”。
# 左边是一摞矩阵、右边是单个矩阵时，批量维并入行数（右边也是一摞时，报的是下面 batch2 那一条）：下面第二条报错里的 `8x3`，是 `X` 的 4 个矩阵各 2 行，
# 叠起来一共 8 行。注意力代码里一个 `(batch, n, d)` 的张量乘一个大小不对的权重矩阵，报的就是这种：

# %%
try:
    # (2, 3) @ (2, 3): 3 != 2
    torch.matmul(A, A)
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    # (4, 2, 3) @ (2, 3): the batch is
    # folded into the rows, 4 * 2 = 8
    torch.matmul(X, A)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`mat1 and mat2 shapes cannot be multiplied`](errors.py#mat1-and-mat2-shapes-cannot-be-multiplied)。

# %% [markdown]
# 右边是向量时，报错信息里说的是 `mat` 和 `vec`：

# %%
try:
    # (2, 3) @ (2,)
    torch.matmul(A, torch.ones(2))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 这里的 `input` 不是你传入的第一个参数 `A`，而是 PyTorch 内部存放结果的向量，
# 长度 2 就是 `A` 的行数；`mat` 才是 `A`；`vec` 是右边的向量，长度是 2，应当是 3。
#
# 已收入报错信息索引：[`size mismatch, got input (…), mat (…), vec (…)`](errors.py#size-mismatch-got-input--mat--vec-)。

# %% [markdown]
# 成批时，两边的批量维要符合上面“成批”一条的规则。下面两摞矩阵的批量维是 `(4,)` 和 `(5,)`，
# 4 和 5 既不相等，也都不是 1：

# %%
try:
    # batch dims (4,) and (5,): 4 != 5
    torch.matmul(
        torch.ones(4, 2, 3),
        torch.ones(5, 3, 2),
    )
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 报错里的 `tensor a` 和 `tensor b` 指左右两边，括号里的 4 和 5 是两边在冲突的那一维上的长度；
# `dimension 0` 是这一维的编号：两边都只有一个批量维，它就是第 0 维。两边的批量维个数不同时编号怎么数，
# 见索引的条目：[`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)。

# %% [markdown]
# 求和的两个轴长度不同时，别的乘法报的错只是说法不同。两个向量长度不同（一维 · 一维）时是这样：

# %%
try:
    # (3,) @ (2,): 3 != 2
    torch.ones(3) @ torch.ones(2)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively`](errors.py#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively)。
#
# 其余的说法也都收在报错信息索引里：向量在左、矩阵在右（一维 · 二维）时，向量先当作一行，报的仍是 `mat1 and mat2`，形状写成 `1x…`；
# 右边超过二维时，PyTorch 内部交给 `torch.bmm` 去算，报的是
# [`Expected size for first two dimensions of batch2 tensor to be: […] but got: […].`](errors.py#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-) 这一条。

# %% [markdown]
# 两边的 dtype 也必须相同。用 NumPy 造的数据默认是 float64，PyTorch 的浮点张量默认是 float32，
# 两者相乘就报错，例如 float32 的 `A` 乘 float64 的向量：

# %%
try:
    # float32 (2, 3) @ float64 (3,)
    torch.matmul(A, a.double())
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 两个张量相乘，报错里却列出三个 dtype：第一个是结果的（跟着向量），然后依次是 `A` 的和向量的。
# 改法是把 float64 的一边转成 float32：`.float()`。乘法的种类不同，这个错的说法也不同，报错信息索引里都有：
# 矩阵（或一摞矩阵）乘向量报 [`addmv input tensors must have the same dtype, but got …`](errors.py#addmv-input-tensors-must-have-the-same-dtype-but-got-)（就是上面这条），
# 右边是二维时报 [`expected m1 and m2 to have the same dtype`](errors.py#expected-m1-and-m2-to-have-the-same-dtype)，
# 两个向量（一维 · 一维）报 [`dot : expected both vectors to have same dtype, but found …`](errors.py#dot--expected-both-vectors-to-have-same-dtype-but-found-)，
# 右边超过二维时报 [`expected scalar type Float but found Double`](errors.py#expected-scalar-type-float-but-found-double)。
# 以上都是左边 float32、右边 float64 时的说法；左边是 float64 时，类型名对调。

# %% [markdown]
# 还有，`*` 不是 `@`：`*` 逐元素相乘（可以广播），不做任何求和。

# %%
# elementwise: (2, 3)
print("A * A  ", tuple((A * A).shape))
# A.T: the transpose, (3, 2)
# (2, 3) @ (3, 2) -> (2, 2)
print("A @ A.T", tuple((A @ A.T).shape))


# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
def said(call, *args):
    """The error call(*args) raises."""
    try:
        call(*args)
    except RuntimeError as err:
        return str(err)
    raise AssertionError("no error")


# a @ b: a 0-d tensor, no axes at all
assert y.dim() == 0
assert PQ.shape == (4, 5, 2, 2)
assert Xv.shape == (4, 2)
# the batch folded into the rows: 4 * 2
folded = said(torch.matmul, X, A)
assert "(8x3 and 2x3)" in folded
# "input" is the result: the rows of A
rows = len(A)
wrong = torch.ones(2)
vec = said(torch.matmul, A, wrong)
assert f"input ({rows})" in vec
# batch dims (4,) and (5,): dimension 0
s4 = torch.ones(4, 2, 3)
s5 = torch.ones(5, 3, 2)
batches = said(torch.matmul, s4, s5)
assert batches.endswith("dimension 0")
# (3,) @ (2,): the 1-D · 1-D message
v3, v2 = torch.ones(3), torch.ones(2)
dots = said(torch.matmul, v3, v2)
assert dots.startswith("inconsistent")
# float32 @ float64: the addmv message
a64 = a.double()
mixed = said(torch.matmul, A, a64)
assert mixed.startswith("addmv input")
assert "the same dtype" in mixed

# %% [markdown]
# ### 本章在哪里用到
#
# - [非参数注意力汇聚](../nonparametric.py)：`torch.matmul(attention_weights, y_train)`
#   属于二维 · 一维的情况，`(n_test, n_train) @ (n_train,)` 得到 `(n_test,)`：
#   每个预测都是一行权重与值向量的点积。要让每个查询用自己的一行注意力权重乘自己的那一行值
#   （留一法下每个查询的值各不相同），带参数的模型用的是 [torch.bmm](bmm.py)。
# - [从核回归到 Transformer 注意力](../transformer.py)：成批的情况。
#   `QK = Q @ K.transpose(-2, -1)` 是 `(batch, n_q, d) @ (batch, d, n_k)` 得到 `(batch, n_q, n_k)`，
#   `output = attention_weights @ V` 是 `(batch, n_q, n_k) @ (batch, n_k, d_v)` 得到 `(batch, n_q, d_v)`；
#   留一法的 `weights @ y_train` 又是二维 · 一维，`(n_train, n_train) @ (n_train,)` 得到 `(n_train,)`。
# - [在二维玩具问题上学习投影](../projections.py)：`W_q.T @ W_k` 是两个 `(2, 2)` 矩阵相乘（二维 · 二维）；
#   `weights_projected @ keys_x1` 是 `(20, 100) @ (100,)` 得到 `(20,)`，即每个查询的权重重心：键的 x₁ 按这个查询的权重求的加权平均。
