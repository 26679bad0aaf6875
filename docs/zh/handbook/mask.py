# %% [markdown]
# # torch.eye 与布尔掩码：去掉对角线
#
# 留一法训练要为每个训练样本准备**其余**所有训练样本。本章分三步完成
# （《[带参数的注意力汇聚](../parametric.py#留一法的键和值一步一步来)》一页给这三步编了号）：
# 把 `x_train` [铺成方阵](repeat.py#tensorrepeat)；用单位矩阵 `torch.eye` 构造一个对角线为 `False` 的掩码；
# 用布尔索引留下掩码为 `True` 处的元素（得到一个一维张量），再用 `.reshape((n_train, -1))` 把它切回成行。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.eye
#
# ```python
# torch.eye(
#     n,
#     m=None,
#     *,
#     dtype=None,
#     device=None,
#     requires_grad=False,
# ) -> Tensor
# ```
#
# 这里略去了两个不常用的参数：`out` 和 `layout`。`*` 之后的参数只能按名字传，比如 `dtype=torch.bool`。
#
# 返回对角线为 1、其余为 0 的二维张量，`n = m` 时即单位矩阵。
#
# - `n`：行数。
# - `m`：列数，不给时等于 `n`。
# - `dtype`：不给时用 `torch.get_default_dtype()`，即默认的浮点类型
#   （没用 `torch.set_default_dtype` 改过的话是 `torch.float32`）；`dtype=torch.bool` 时对角线为 `True`。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> torch.eye(3)
# tensor([[1., 0., 0.],
#         [0., 1., 0.],
#         [0., 0., 1.]])
# >>> torch.eye(2, 3)
# tensor([[1., 0., 0.],
#         [0., 1., 0.]])
# >>> # the chapter's mask: False on the
# >>> # diagonal
# >>> off = 1 - torch.eye(3)
# >>> mask = off.type(torch.bool)
# >>> mask
# tensor([[False,  True,  True],
#         [ True, False,  True],
#         [ True,  True, False]])
# >>> eye = torch.eye(3, dtype=torch.bool)
# >>> torch.equal(~eye, mask)
# True
# ```
#
# 对布尔张量来说 `~` 是逻辑“非”，所以 `~torch.eye(n, dtype=torch.bool)`
# 是得到同一个掩码的更短写法。
#
# ### 图示
#
# 左边是 `torch.eye(4)`，右边是 `torch.eye(2, 3)`。格子不上色，每个格子写着它的值：
# 主对角线上是 1.0，其余是 0.0。`torch.eye` 默认给出浮点数（见下面的陷阱）。
# `torch.eye(2, 3)` 不是方阵，对角线从左上角开始，
# 到最后一行（第 1 行，行号从 0 数起）为止。

# %%
at.diagram_eye(4, (2, 3))

# %% [markdown]
# ### 陷阱
#
# `torch.eye(n)` 是浮点张量，`1 - torch.eye(n)` 也是：它**还不是**掩码，
# 拿它做索引会报错（见下一节）。类型转换 `.type(torch.bool)`（或 `.bool()`）
# 才让它成为掩码。
#
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：在“[留一法的键和值，一步一步来](../parametric.py#留一法的键和值一步一步来)”一节的第二步，
# `1 - torch.eye(n_train)` 把单位矩阵反过来，`.type(torch.bool)` 把它变成掩码 `mask`。
# 包里的 `leave_one_out` 写成一行 `mask = (1 - torch.eye(n_train)).type(torch.bool)`，
# 《[为什么要留一](../leave-one-out.py)》一页可以展开查看它的源码。
#
# 《[从核回归到 Transformer 注意力](../transformer.py)》一页的“[把留一法写成带掩码的 softmax](../transformer.py#把留一法写成带掩码的-softmax)”一节直接造出对角线：`eye = torch.eye(n_train, dtype=torch.bool)`，再拿它做 `masked_fill(eye, …)` 和 `attn_mask=~eye`。这是同一个掩码，只是一开始就是布尔型。
#
# ## 布尔掩码索引
#
# ```python
# # a new 1-D tensor of the elements
# # where mask is True
# x[mask]
# # writes into those elements
# x[mask] = value
# ```
#
# 用与 `x` 形状相同的布尔张量做索引，返回一个**一维**张量（副本），
# 按行优先顺序（一行一行地）装着掩码为 `True` 处的元素。
# 掩码只覆盖前面几个轴时，保留的是整块子张量（比如整行）。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor(
# ...     [[1, 2, 3], [4, 5, 6]]
# ... )
# >>> # a mask of x's full shape: 1-D,
# >>> # row by row
# >>> x[x > 2]
# tensor([3, 4, 5, 6])
# >>> # a mask over axis 0: whole rows
# >>> x[torch.tensor([True, False])]
# tensor([[1, 2, 3]])
# >>> # writing: x[mask] = value
# >>> x[x > 2] = 0
# >>> x
# tensor([[1, 2, 0],
#         [0, 0, 0]])
# ```
#
# 下面是本章留一法取键的缩小版。掩码每一行恰好有一个 `False`，所以每行都留下
# `n_train - 1` 个元素，展平的一维结果才能重新切回成行：
#
# ```pycon
# >>> import torch
# >>> x_train = torch.tensor([1., 2., 3.])
# >>> n_train = len(x_train)
# >>> # (n_train, n_train)
# >>> tiled = x_train.repeat((n_train, 1))
# >>> # False on the diagonal
# >>> eye = torch.eye(n_train)
# >>> mask = (1 - eye).type(torch.bool)
# >>> # 1-D: n_train * (n_train - 1)
# >>> # elements
# >>> tiled[mask]
# tensor([2., 3., 1., 3., 1., 2.])
# >>> # row i: x_train without x_train[i]
# >>> tiled[mask].reshape((n_train, -1))
# tensor([[2., 3.],
#         [1., 3.],
#         [1., 2.]])
# ```
#
# ### 图示
#
# 完整的流程，`x` 取 `torch.arange(4)`，即 0、1、2、3。`eye` 变成掩码 `mask`，
# `x` 平铺成 `tiled`，掩码留下的元素变形后叫 `kept`。第 $j$ 种颜色代表 `x` 的第 $j$ 个元素；
# `kept` 的第 $i$ 行有除第 $i$ 种以外的所有颜色。

# %%
at.diagram_eye_mask(4)

# %% [markdown]
# 再把格子里的值换成本章的四个训练输入（排好序）。代码取的是本章前四次抽样的值：
# `make_data` 用以 `at.SEED`（即 0）为种子的独立生成器抽样，全局生成器用同一个种子，
# 前几个数也相同。图中的名字跟着代码走：
# `x` 换成 `x_train`，`kept` 换成 `keys`。`eye` 和 `mask` 与上图相同，这张图不再画它们，
# 只画值变了的 `x_train`、`tiled` 和 `keys`：

# %%
_ = torch.manual_seed(at.SEED)
x_train, _ = (torch.rand(4) * 5).sort()
# the picture names them as this code
# does: x_train in, keys out
at.diagram_eye_mask(
    4,
    x_train,
    name="keys",
    input_name="x_train",
    show_mask=False,
)

# %% [markdown]
# ### 陷阱
#
# 浮点掩码（忘了 `.type(torch.bool)`）会被拒绝：

# %%
x = torch.tensor([1.0, 2.0, 3.0])
tiled = x.repeat((3, 1))  # (3, 3)
float_mask = 1 - torch.eye(3)
try:
    tiled[float_mask]
except IndexError as err:
    print("IndexError:", err)

# %% [markdown]
# 已收入报错信息索引：[`tensors used as indices must be long, int, byte or bool tensors`](errors.py#tensors-used-as-indices-must-be-long-int-byte-or-bool-tensors)。

# %% [markdown]
# 整数掩码更糟：它会被接受，却被当成一个**行号**张量（0 和 1）来读，而不是掩码。
# `tiled` 的三行都一样，看不出读的是哪一行，所以下面换成三行各不相同的 `rows`。
# 不报错，形状和值却都错了：整数掩码的每个 0 或 1 都换成了 `rows` 的一整行，结果多出一个轴；
# 掩码第 0 行是 0、1、1，所以 `picked[0]` 是 `rows` 的第 0、1、1 行，第 2 行一次也没被取到。
# 布尔掩码才留下对角线以外的元素：

# %%
# tiled's rows are all x: rows that
# differ show which one each 0/1 reads
rows = torch.tensor(
    [
        [1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0],
        [7.0, 8.0, 9.0],
    ]
)
int_mask = float_mask.long()  # (3, 3)
# each 0/1 picks row 0 or row 1 of rows
picked = rows[int_mask]  # (3, 3, 3)
shape = tuple(picked.shape)
print("integer 'mask':", shape)
row0 = int_mask[0].tolist()
print("its row 0:", row0)
print("picked[0]:")
print(picked[0])
kept = rows[float_mask.bool()]  # (6,)
shape = tuple(kept.shape)
print("boolean mask:", shape)
print(kept)

# %% [markdown]
# 另外，只有掩码每一行留下的元素个数相同，展平的一维结果才能切回成行：

# %%
mask = float_mask.type(torch.bool)
# row 0 keeps 1 element, the others 2
mask[0, 1] = False
try:
    tiled[mask].reshape((3, -1))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`shape '[…]' is invalid for input of size …`](errors.py#shape--is-invalid-for-input-of-size-)。

# %% [markdown]
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：在“[留一法的键和值，一步一步来](../parametric.py#留一法的键和值一步一步来)”一节，
# `x_tiled = x_train.repeat((n_train, 1))` 铺成方阵，`x_tiled[mask]` 再用 `.reshape((n_train, -1))`
# 切回成行，得到键；对 `y_tiled` 做同样的事得到值，形状都是 `(n_train, n_train - 1)`；
# 包里的 <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>
# 就是这样做的。《[为什么要留一](../leave-one-out.py)》解释了为什么必须去掉对角线。

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# the integer "mask": picked[0] is rows
# 0, 1, 1 of rows, not the elements off
# the diagonal
assert row0 == [0, 1, 1]
assert torch.equal(
    picked[0],
    rows[row0],
)
# row 2 (7, 8, 9) is never picked
assert not (picked >= 7).any()
off = [2.0, 3.0, 4.0, 6.0, 7.0, 8.0]
assert kept.tolist() == off
# at.SEED is 0; the second diagram's
# four x_train are chapter inputs
assert at.SEED == 0
chapter = at.make_data().x_train
inside = torch.isin(x_train, chapter)
assert inside.all()
# make_data's own generator: the first
# four of its 50 draws are these four
g = torch.Generator()
_ = g.manual_seed(at.SEED)
draws = torch.rand(50, generator=g) * 5
first, _ = draws[:4].sort()
assert torch.equal(first, x_train)
