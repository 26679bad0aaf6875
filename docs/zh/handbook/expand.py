# %% [markdown]
# # expand 与广播：不复制也能重复
#
# [`repeat`](repeat.py) 通过复制得到更大的张量。可很多时候副本只被读取，比如让每个查询
# 减去每个键。这时 `expand` 能给出同样的值而不复制任何东西，**广播**则在 `+`、`-`、`*`、`/`
# 里自动完成同样的事。秘诀在于“步长”（stride）。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.expand
#
# ```python
# Tensor.expand(*sizes) -> Tensor
# # the same as x.expand(other.shape)
# Tensor.expand_as(other) -> Tensor
# ```
#
# 返回张量的一个形状更大的**视图**：每个长度为 1 的轴都可以拉长到任意长度，
# 还可以在最前面添加新轴。不复制任何数据。
#
# - `sizes`：新形状，写成几个整数或一个元组。`-1` 表示该轴保持不变。长度不是 1
#   的轴不能拉长（那要用 `repeat`）。
#
# 张量是一块内存加上每个轴的**步长**：沿这个轴走一步，在内存里前进几个位置
# （步长 1 就是紧挨着的下一个数）。
# `expand` 把被拉长的轴的步长设为 0，于是沿这些轴每走一步都重新读同一个元素。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> # (3, 1)
# >>> x = torch.tensor([[1], [2], [3]])
# >>> # (3, 4)
# >>> y = x.expand(3, 4)
# >>> y
# tensor([[1, 1, 1, 1],
#         [2, 2, 2, 2],
#         [3, 3, 3, 3]])
# >>> # stride 0: every column reads the
# >>> # same element
# >>> x.stride(), y.stride()
# ((1, 1), (1, 0))
# >>> # the same memory
# >>> y.data_ptr() == x.data_ptr()
# True
# >>> v = torch.tensor([1, 2, 3])
# >>> # a new leading axis of 2; -1 keeps
# >>> # the size of the last one
# >>> v.expand(2, -1)
# tensor([[1, 2, 3],
#         [1, 2, 3]])
# ```
#
# `data_ptr()` 是张量第一个元素在内存中的地址：`x` 和 `y` 的地址相同，读的是同一块内存。
#
# ### 图示
#
# 虚线格子是视图：它们不占内存，读的是输入的元素。

# %%
# (3, 1)
x = torch.tensor([[1], [2], [3]])
at.diagram_expand(x, 3, 4)

# %% [markdown]
# ### 陷阱
#
# 只有长度为 1 的轴能拉长：

# %%
try:
    # the last axis has size 3, not 1
    torch.tensor([1, 2, 3]).expand(3, 4)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`The expanded size of the tensor (…) must match the existing size (…)`](errors.py#the-expanded-size-of-the-tensor--must-match-the-existing-size-)。

# %% [markdown]
# 视图与源张量共享内存，往视图里写就是往源张量里写，也会改到所有读同一元素的格子。
# 对 `expand` 得到的张量做原地运算会被拒绝；而给单个格子赋值会悄悄改掉一整行：

# %%
# (3, 1)
x = torch.tensor([[1], [2], [3]])
# (3, 4), a view of x
y = x.expand(3, 4)
try:
    y.add_(1)
except RuntimeError as err:
    print("RuntimeError:", err)
# writes x[0, 0]: all four cells of
# row 0 change
y[0, 0] = 5
print(y)
print(x.flatten())

# %% [markdown]
# 已收入报错信息索引：[`unsupported operation: more than one element of the written-to tensor refers to a single memory location`](errors.py#unsupported-operation-more-than-one-element-of-the-written-to-tensor-refers-to-a-single-memory-location)。

# %% [markdown]
# 需要一个可以修改的张量时，先调用 `.clone()`（或者直接用 `repeat`）。
#
# ### 本章在哪里用到
#
# 本章和 d2l 一样，用复制（`repeat_interleave`）铺出查询矩阵，键则靠广播（下一节）拉长；包里的
# <autoref identifier="attention_tutorial.pooling.nadaraya_watson_broadcast">nadaraya_watson_broadcast</autoref>
# 是《[非参数注意力汇聚](../nonparametric.py)》中铺矩阵做法的免复制版本。
# 《[从核回归到 Transformer 注意力](../transformer.py)》一页的“[把留一法写成带掩码的 softmax](../transformer.py#把留一法写成带掩码的-softmax)”一节则显式调用 `expand`：
# `key_bias.expand(n_train, -1)` 把形状为 `(n_train,)` 的键偏置当作一行，重复成
# `n_train` 行（每个查询一行），不复制数据；
# 随后的 `masked_fill` 不是原地运算，它返回一个新张量，在新张量的对角线上写 `-inf`，
# 所以视图本身从没被写过（见上面的陷阱）。
#
# ## 广播
#
# 两个形状不同的张量做逐元素运算（`+`、`-`、`*`、`/`、`**`、比较等）时，
# PyTorch 会把它们**广播**成同一个形状：
#
# 1. 两个形状从右往左对齐，缺少的轴当作长度 1。
# 2. 每个位置上两个长度必须相等，或者其中一个是 1。
# 3. 结果取较大的长度；长度为 1 的一方被拉长，就像 `expand` 一样（不复制）。
#
# `torch.broadcast_shapes(*shapes)` 只对形状套用这些规则。有意添加长度为 1 的轴，
# 就是 `x[:, None]`（等同于 `x.unsqueeze(1)`，见《[squeeze 与 unsqueeze](squeeze.py)》）的用处。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> # 0.0, 1.0, 2.0: (n_test,) = (3,)
# >>> queries = torch.arange(3.0)
# >>> # (n_train,) = (2,)
# >>> keys = torch.tensor([0.0, 0.5])
# >>> # (3, 1) - (1, 2) -> (3, 2)
# >>> queries[:, None] - keys[None, :]
# tensor([[ 0.0000, -0.5000],
#         [ 1.0000,  0.5000],
#         [ 2.0000,  1.5000]])
# >>> torch.broadcast_shapes(
# ...     (3, 1),
# ...     (1, 2),
# ... )
# torch.Size([3, 2])
# >>> # (3, 2) - (2,): keys acts as (1, 2)
# >>> (torch.ones(3, 2) - keys).shape
# torch.Size([3, 2])
# ```
#
# ### 图示
#
# 两个操作数先被拉长到共同的形状（虚线：视图），再逐格运算。图中的 `a` 是上面例子里的
# `queries[:, None]`，`b` 是 `keys`，所以结果 `a - b` 的第 $i$ 行是第 $i$ 个查询减去每个键。

# %%
# the example's tensors: a is
# queries[:, None], b is keys
queries = torch.arange(3.0)
keys = torch.tensor([0.0, 0.5])
at.diagram_broadcast(
    queries[:, None],
    keys,
)

# %% [markdown]
# ### 陷阱
#
# 从右往左对齐意味着两个长度不同（且都不为 1）的一维张量不能广播；要先给其中一个加上长度为 1 的轴：

# %%
# (3,)
queries = torch.tensor([0.0, 1.0, 2.0])
# (2,)
keys = torch.tensor([0.0, 0.5])
try:
    queries - keys
except RuntimeError as err:
    print("RuntimeError:", err)
# (3, 1) - (2,) -> (3, 2)
diffs = queries[:, None] - keys
print(tuple(diffs.shape))

# %% [markdown]
# 已收入报错信息索引：[`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)。

# %% [markdown]
# 更糟的是相反的情形：什么错都不报。最常见的是一列预测减去一维的目标（广播时当作一行）：
# 模型输出形状 `(n, 1)`，目标是 `(n,)`，两者会广播成 `(n, n)`。下面三个预测与目标完全相同，按理误差为 0；
# 广播之后，平方误差的均值却是每个预测与**每个**目标之差的平均：

# %%
# predictions as a column (3, 1),
# targets (3,): equal values
y_hat = torch.tensor(
    [[1.0], [2.0], [3.0]],
)
y = torch.tensor([1.0, 2.0, 3.0])
# (3, 1) - (3,) -> (3, 3): no error
diff = y_hat - y
print(tuple(diff.shape))
wrong = (diff**2).mean()
print(f"MSE, broadcast: {wrong:.4f}")
# the column made (3,) first
preds = y_hat.squeeze(1)
right = ((preds - y) ** 2).mean()
print(f"MSE, same shapes: {right:.4f}")

# %% [markdown]
# 1.3333 就是 12 / 9：9 个差 $i - j$（$i, j = 1, 2, 3$）的平方和是 12。相减之前先把预测变回 `(n,)`
# （`y_hat.squeeze(1)`，见《[squeeze 与 unsqueeze](squeeze.py)》），误差才是 0。
# 本章的模型正因为这个缘故，返回前用 `reshape(-1)` 把 `(n, 1, 1)` 的结果变成 `(n,)`：
# 否则 `(n, 1, 1)` 和 `(n,)` 的目标相减会广播成 `(n, 1, n)`，是同一个陷阱。那一行见
# 《[torch.bmm：批量里每个元素各做一次矩阵乘法](bmm.py)》一页的“[本章在哪里用到](bmm.py#本章在哪里用到)”一节。
#
# 手写的均方误差什么都不报；本章训练用的 `nn.MSELoss` 遇到这种情形至少会发出一条警告
# （`UserWarning: Using a target size ...`），
# 但照样广播、照样算出同一个数。训练时看到这条警告，就先查预测和目标的形状。用上面的张量试一下：

# %%
import warnings

from torch import nn

# the same shapes through nn.MSELoss
with warnings.catch_warnings(
    record=True,
) as caught:
    warnings.simplefilter("always")
    mse = nn.MSELoss()(y_hat, y)
print(caught[0].category.__name__)
print(f"nn.MSELoss: {mse:.4f}")

# %% [markdown]
# ### 本章在哪里用到
#
# [非参数注意力汇聚](../nonparametric.py)：`queries - x_train` 中，形状为 `(n_train,)`
# 的键被广播到 `(n_test, n_train)` 的查询矩阵上，每一行都减去全部的键。
#
# ### 代价
#
# 本章铺出来的查询矩阵和广播视图的值完全相同，但只有前者真正占着一份副本。
# 下面打印它们的步长、是否与 `x_test` 共享内存（比较 `data_ptr()`），以及各自背后的内存字节数
# （`untyped_storage().nbytes()` 是张量背后那块内存的字节数）：

# %%
# (n_test,)
x_test = torch.arange(0, 5, 0.1)
n_train = 50
# (n_test, n_train), a copy
flat = x_test.repeat_interleave(n_train)
tiled = flat.reshape(-1, n_train)
# (n_test, 1), then (n_test, n_train):
# no copy
column = x_test[:, None]
view = column.expand(-1, n_train)
same_values = torch.equal(tiled, view)
print("same values:", same_values)
for name, t in [
    ("tiled", tiled),
    ("view", view),
]:
    ptr = t.data_ptr()
    shares = ptr == x_test.data_ptr()
    print(f"{name}: stride", t.stride())
    print(
        "  shares x_test's memory:",
        shares,
    )
    size = t.untyped_storage().nbytes()
    print(f"  memory {size:,} bytes")

# %% [markdown]
# 视图那 200 字节就是 `x_test` 本身（50 个数 × 4 字节），视图没有另占内存。
# 铺出来的矩阵随两个长度的**乘积**增长。一个 float32 数占 4 个字节；
# 下面打印一个 `(n_test, n_train)` 矩阵的大小：

# %%
# bytes per number: 4 for float32
nbytes = torch.zeros(1).element_size()
print(
    f"{'(n_test, n_train)':>17}",
    f"{'bytes':>13}",
    f"{'MiB':>8}",
)
shapes = [
    (50, 50),
    (1_000, 1_000),
    (10_000, 10_000),
    (100_000, 10_000),
]
for n_test, n_train in shapes:
    # one (n_test, n_train) matrix
    size = n_test * n_train * nbytes
    shape = f"({n_test:,}, {n_train:,})"
    print(
        f"{shape:>17}",
        f"{size:>13,}",
        f"{size / 2**20:>8.2f}",
    )

# %% [markdown]
# 广播省掉了查询的那份副本，但省不掉全部：差值矩阵和注意力权重本身就是
# `(n_test, n_train)` 的矩阵，每对查询和键一个权重。这个平方级的代价属于注意力本身，
# 也正是 Transformer 处理长序列时昂贵的原因。

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# cost: the same values; the tiled
# matrix is a copy (all its numbers),
# the view reads x_test's numbers
assert same_values
ptr = x_test.data_ptr()
assert tiled.data_ptr() != ptr
assert view.data_ptr() == ptr
# 4 bytes per float32 number
tiled_bytes = 4 * tiled.numel()
view_bytes = 4 * len(x_test)
storage = tiled.untyped_storage()
assert storage.nbytes() == tiled_bytes
storage = view.untyped_storage()
assert storage.nbytes() == view_bytes
# the view's 200 bytes: x_test's 50
# numbers, 4 bytes each
assert len(x_test) == 50
assert view_bytes == 200
# the pitfall: 9 differences i - j of
# 1, 2, 3, squared, sum to 12
assert diff.shape == (3, 3)
assert abs(wrong.item() - 12 / 9) < 1e-6
assert right == 0
# nn.MSELoss: a UserWarning on the
# target size, the same 12 / 9
assert caught[0].category is UserWarning
message = str(caught[0].message)
assert "target size" in message
assert abs(mse.item() - 12 / 9) < 1e-6
# the model's (n, 1, 1) against (n,)
# targets: (n, 1, n)
bmm_out = y_hat[:, :, None]
assert bmm_out.shape == (3, 1, 1)
assert (bmm_out - y).shape == (3, 1, 3)
