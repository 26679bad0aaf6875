# %% [markdown]
# # repeat_interleave 与 repeat：把元素复制几份
#
# 这两个函数都能把短张量变长，名字又很像，初学时最容易混。`repeat_interleave`
# 把**每个元素**紧挨着重复（`1 1 2 2 3 3`），`repeat` 把**整个张量**重复（`1 2 3 1 2 3`）。
# 本章两个都要用：前者让每个查询各占一行，后者让每个训练样本都拿到完整的键列表。
# 下面的图里，格子的颜色表示它来自输入的哪个元素。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.repeat_interleave
#
# ```python
# torch.repeat_interleave(
#     input,
#     repeats,
#     dim=None,
#     *,
#     output_size=None,
# ) -> Tensor
# Tensor.repeat_interleave(
#     repeats,
#     dim=None,
#     *,
#     output_size=None,
# ) -> Tensor
# ```
#
# 返回一个新张量，`input` 的每个元素在其中连续出现 `repeats` 次。
#
# - `input`：被复制的张量（写成方法时就是张量本身）。
# - `repeats`：一个 `int`（每个元素重复同样的次数），或一维整数张量，沿 `dim`
#   给每个元素各一个次数；次数为 0 的元素会被丢掉。
# - `dim`：沿哪个轴重复。默认 `dim=None`，先把输入展平成一维，所以结果一定是一维的。
# - `output_size`：结果沿 `dim` 的总长度，事先知道时可以传入，平时不用管。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1, 2, 3])
# >>> x.repeat_interleave(2)
# tensor([1, 1, 2, 2, 3, 3])
# >>> # one count per element
# >>> counts = torch.tensor([1, 0, 2])
# >>> torch.repeat_interleave(x, counts)
# tensor([1, 3, 3])
# ```
#
# 对矩阵来说，`dim` 决定重复的是什么；不写 `dim` 时，矩阵会先被展平。
#
# ```pycon
# >>> import torch
# >>> m = torch.tensor([[1, 2], [3, 4]])
# >>> # dim=None: flattened first
# >>> m.repeat_interleave(2)
# tensor([1, 1, 2, 2, 3, 3, 4, 4])
# >>> # every row twice
# >>> m.repeat_interleave(2, dim=0)
# tensor([[1, 2],
#         [1, 2],
#         [3, 4],
#         [3, 4]])
# >>> # column 0 once, column 1 twice
# >>> counts = torch.tensor([1, 2])
# >>> m.repeat_interleave(counts, dim=1)
# tensor([[1, 2, 2],
#         [3, 4, 4]])
# ```
#
# 0 维张量（只有一个数，形状是 `()`）也可以重复，结果是一维的。平均汇聚正是这样把一个平均值
# 变成每个测试输入一份预测：
#
# ```pycon
# >>> import torch
# >>> y = torch.tensor([1.0, 2.0, 6.0])
# >>> y_mean = y.mean()
# >>> y_mean.shape
# torch.Size([])
# >>> y_mean.repeat_interleave(4)
# tensor([3., 3., 3., 3.])
# ```
#
# 下面是本章让每个查询各占一行的写法：每个测试输入重复 `n_train` 次，
# 再把这条长向量按每行 `n_train` 个切开。
#
# ```pycon
# >>> import torch
# >>> # 3 queries
# >>> x_test = torch.arange(3.0)
# >>> n_train = 4
# >>> # (n_test * n_train,)
# >>> queries = x_test.repeat_interleave(
# ...     n_train
# ... )
# >>> queries.shape
# torch.Size([12])
# >>> # (n_test, n_train): row i holds
# >>> # query i
# >>> queries.reshape(-1, n_train)
# tensor([[0., 0., 0., 0.],
#         [1., 1., 1., 1.],
#         [2., 2., 2., 2.]])
# ```
#
# ### 图示
#
# 输出的第 $i$ 格与输入的第 $i \,/\!/\, 2$ 格（整除）同色：颜色一段一段地连着。

# %%
x = torch.tensor([1, 2, 3])
at.diagram_repeat_interleave(x, 2)

# %% [markdown]
# 次数用张量给出、并指定 `dim=0` 时，整行整行地重复，每行重复的次数由对应的计数决定：

# %%
x = torch.tensor([[1, 2], [3, 4]])
counts = torch.tensor([1, 2])
at.diagram_repeat_interleave(
    x,
    counts,
    dim=0,
)

# %% [markdown]
# ### 陷阱
#
# 用张量给次数时，沿 `dim` 的每个元素必须恰好有一个次数（`dim` 为 `None` 时按展平后的元素算）。
# 下面输入有 3 个元素，却只给了 2 个次数，PyTorch 的报错是：

# %%
x = torch.tensor([1, 2, 3])
counts = torch.tensor([1, 2])
try:
    # 3 elements, 2 counts
    x.repeat_interleave(counts)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`repeats must have the same size as input along dim`](errors.py#repeats-must-have-the-same-size-as-input-along-dim)。

# %% [markdown]
# 另一个常见错误是对矩阵忘了写 `dim`：矩阵被悄悄展平，后面再 `reshape`
# 一下，错误就藏起来了。输入不是一维时，请总是写明 `dim`。
#
# ### 本章在哪里用到
#
# - [平均汇聚](../average.py)：`mean = y_train.mean()` 之后，
#   `mean.repeat_interleave(n_test)` 给每个测试输入复制一份平均值。
# - [非参数注意力汇聚](../nonparametric.py)：先 `queries = x_test.repeat_interleave(n_train)`，
#   再 `queries.reshape(-1, n_train)`，构造形状为 `(n_test, n_train)` 的查询矩阵。
# - [带参数的注意力汇聚](../parametric.py)：先把 `x_train.repeat_interleave(n_keys)`
#   存为 `queries`（`n_keys = n_train - 1`），再 `queries.reshape((-1, n_keys))`，
#   让每个训练样本作为查询各占一行，与留一后的 `n_train - 1` 个键一一对应。
#
# ## Tensor.repeat
#
# ```python
# Tensor.repeat(*repeats) -> Tensor
# ```
#
# 返回一个新张量，由整个张量的若干份副本像铺瓷砖一样拼成（numpy 里叫 `np.tile`）。
#
# - `repeats`：沿每个轴各复制几份，可以写成几个整数（`x.repeat(2, 3)`），
#   也可以写成一个元组（`x.repeat((2, 3))`）。个数不能少于张量的轴数（`dim()`）；
#   多出来的写在最前面，表示新增的前导轴。注意名字的陷阱：没有 `torch.repeat` 这个函数，
#   而 `torch.repeat_interleave` 做的是另一件事。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1, 2, 3])
# >>> # the whole tensor twice
# >>> x.repeat(2)
# tensor([1, 2, 3, 1, 2, 3])
# >>> # each element twice
# >>> x.repeat_interleave(2)
# tensor([1, 1, 2, 2, 3, 3])
# >>> # a new axis of 2 copies, 1 copy
# >>> # along the old axis
# >>> x.repeat((2, 1))
# tensor([[1, 2, 3],
#         [1, 2, 3]])
# >>> x.repeat(2, 2)
# tensor([[1, 2, 3, 1, 2, 3],
#         [1, 2, 3, 1, 2, 3]])
# ```
#
# ### 图示
#
# 输出的第 $i$ 格与输入的第 $i \bmod 3$ 格同色：颜色一轮一轮地循环。

# %%
x = torch.tensor([1, 2, 3])
at.diagram_repeat(x, 2)

# %% [markdown]
# 当 `n = len(x)` 时，`x.repeat((n, 1))` 就是留一法的第一步：第 $i$ 行包含全部元素，
# 之后再从第 $i$ 行去掉第 $i$ 个（见《[torch.eye 与布尔掩码](mask.py)》）。

# %%
at.diagram_repeat(x, (3, 1))

# %% [markdown]
# ### 陷阱
#
# 给出的次数比张量的轴数少会报错，次数不会自动补齐：

# %%
try:
    torch.ones(2, 3).repeat(2)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor`](errors.py#number-of-dimensions-of-repeat-dims-can-not-be-smaller-than-number-of-dimensions-of-tensor)。

# %% [markdown]
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：
#
# - 训练时，`x_train.repeat((n_train, 1))` 和 `y_train.repeat((n_train, 1))`
#   让每个训练样本都拿到完整的键和值，形状为 `(n_train, n_train)`，随后再去掉对角线。
# - 预测时，`x_train.repeat((n_test, 1))` 和 `y_train.repeat((n_test, 1))`
#   让每个测试输入都拿到全部训练数据作为键和值，形状为 `(n_test, n_train)`。
#
# ### 代价
#
# `repeat` 和 `repeat_interleave` 都会**复制**：结果占用新的内存，有多少个元素就占多少。
# 下面打印几种长度 n 下 `x`（长为 n 的向量，和 `x_train` 一样）与副本 `x.repeat((n, 1))`
# 的大小，后两列以字节计：

# %%
print(
    f"{'n':>6} {'x (bytes)':>10}",
    f"{'copy (bytes)':>16}",
)
for n in (50, 1_000, 10_000):
    x = torch.zeros(n)  # (n,)
    # 4 bytes per float32 number
    x_bytes = n * x.element_size()
    # x.repeat((n, 1)): n * n numbers
    tiled_bytes = n * x_bytes
    print(
        f"{n:>6,} {x_bytes:>10,}",
        f"{tiled_bytes:>16,}",
    )

# %% [markdown]
# 如果副本只读不写，`expand` 能给出同样的值而不另占内存，见《[expand 与广播](expand.py)》。
#
# ## 对照
#
# 下表中 `x = torch.tensor([1, 2, 3])`，每一行对照两者的一个方面：
#
# | `x.repeat_interleave(2)` | `x.repeat(2)` |
# |---|---|
# | 得到 `1 1 2 2 3 3` | 得到 `1 2 3 1 2 3` |
# | 第 $i$ 个来自 `x` 的第 $i \,/\!/\, 2$ 个 | 第 $i$ 个来自 `x` 的第 $i \bmod 3$ 个 |
# | 也有 `torch.` 函数形式 | 只有方法形式 |
# | 可以用次数张量给每个元素各定次数 | 不能给每个元素各定次数 |
# | 复制内存 | 复制内存 |
