# %% [markdown]
# # torch.where：逐元素二选一
#
# `torch.where` 是张量版的“如果……否则……”：对每个元素，按一个布尔条件在两个值中取一个。`masked_fill` 是其中一个值为常数时的特例。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.where
#
# ```python
# torch.where(
#     condition, input, other
# ) -> Tensor
# torch.where(
#     condition
# ) -> tuple of index tensors
# ```
#
# - `condition`：布尔张量；为 `True` 的位置取 `input`，其余位置取 `other`。
# - `input`、`other`：张量或数。`condition`、`input`、`other` 三者先广播成同一个形状，也就是结果的形状。
# - 只给 `condition` 时，返回 `True` 元素的下标，每一维一个张量（与 `condition.nonzero(as_tuple=True)` 相同）。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([-2.0, 0.5, 3.0])
# >>> # keep the positive elements,
# >>> # 0 elsewhere
# >>> torch.where(x > 0, x, 0.0)
# tensor([0.0000, 0.5000, 3.0000])
# >>> # two numbers: an integer tensor
# >>> torch.where(x > 0, 1, -1)
# tensor([-1,  1,  1])
# >>> eye = torch.tensor(
# ...     [[True, False], [False, True]]
# ... )
# >>> # (row indices, column indices)
# >>> torch.where(eye)
# (tensor([0, 1]), tensor([0, 1]))
# ```
#
# 《[从核回归到 Transformer 注意力](../transformer.py)》一页用 [masked_fill](masked-fill.py) 把留一掩码 `eye` 用到分数上；改用 `where` 写，得到的是同一个张量：
#
# ```pycon
# >>> import torch
# >>> scores = torch.arange(9.0)
# >>> scores = scores.reshape(3, 3)
# >>> eye = torch.eye(3, dtype=torch.bool)
# >>> inf = float("inf")
# >>> a = torch.where(eye, -inf, scores)
# >>> a
# tensor([[-inf, 1., 2.],
#         [3., -inf, 5.],
#         [6., 7., -inf]])
# >>> b = scores.masked_fill(eye, -inf)
# >>> torch.equal(a, b)
# True
# ```
#
# ### 图示
#
# 颜色表示取自哪一个输入：`input` 的格子一种颜色，`other` 的另一种；`condition` 里 `True` 的格子与 `input` 同色，`False` 的与 `other` 同色。于是结果中每个格子的颜色，就是它取自的那个输入的颜色。

# %%
# all three (2, 3)
condition = torch.tensor(
    [
        [True, False, True],
        [False, True, False],
    ]
)
# torch.where's input; the "_" keeps
# Python's own input() usable
input_ = torch.tensor(
    [[1, 2, 3], [4, 5, 6]],
)
other = torch.tensor(
    [[-1, -2, -3], [-4, -5, -6]],
)
at.diagram_where(
    condition,
    input_,
    other,
)

# %% [markdown]
# ### 陷阱
#
# **两个分支都会在所有位置上计算**。`torch.where(x > 0, torch.sqrt(x), 0.0)` 看上去很安全，可 `torch.sqrt(x)` 在负数元素上照样会算。前向结果没问题，梯度却有问题（自动求导见《[训练](training.py)》）：没被选中的分支收到的梯度是 0，而 `sqrt` 自己在 $-1$ 处的导数是 `nan`，链式法则把两者相乘，$0 \times \mathrm{nan} = \mathrm{nan}$：

# %%
x = torch.tensor(
    [-1.0, 4.0],
    requires_grad=True,
)
root = torch.sqrt(x)
y = torch.where(x > 0, root, 0.0)
y.sum().backward()
print("gradient:", x.grad)
x.grad = None
# keep sqrt's gradient finite where it
# is not chosen
safe = torch.sqrt(x.clamp(min=1e-12))
y = torch.where(x > 0, safe, 0.0)
y.sum().backward()
print("with clamp:", x.grad)
grad_clamp = x.grad.tolist()
x.grad = None
# the usual fix: a safe input where the
# branch is not chosen
safe_x = torch.where(x > 0, x, 1.0)
root = torch.sqrt(safe_x)
y = torch.where(x > 0, root, 0.0)
y.sum().backward()
print("safe input:", x.grad)
grad_safe = x.grad.tolist()

# %% [markdown]
# 加了 clamp 后，没被选中的元素得到 0（有限的导数乘以 0），被选中的元素保留 `sqrt` 的梯度
# $1/(2\sqrt{4}) = 0.25$。更常见的改法在代码的最后几行：让没被选中的位置的输入本身就安全。
# `safe_x` 在那里是 1.0，`sqrt` 算的是 $\sqrt{1}$，梯度同样是 0 和 0.25。
#
# 形状不能广播时会报错：

# %%
condition = torch.ones(2, 3) > 0
b = torch.ones(3, 2)
try:
    torch.where(condition, b, 0.0)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)。

# %% [markdown]
# ### 本章在哪里用到
#
# 《[从核回归到 Transformer 注意力](../transformer.py)》一页在“[一个 w 为什么会变成矩阵](../transformer.py#一个-w-为什么会变成矩阵)”一节调用它两次，在“[把留一法写成带掩码的 softmax](../transformer.py#把留一法写成带掩码的-softmax)”一节又提到它一次。第一次这样挑出训练点 P：
#
# ```python
# p_idx = torch.where(
#     far_x2, diff[:, 0].abs(), torch.inf
# ).argmin()
# ```
#
# 满足条件 `far_x2` 的点保留它们沿 x₁ 的距离，其余的点一律换成 `torch.inf`，于是 `argmin` 永远不会挑中它们。R 的写法相同，条件换成 `far_x1`，距离换成 `diff.norm(dim=1)`。这与上面的 `-inf` 是同一个手法：给不该被选中的位置填一个不可能胜出的值；只是 `argmin` 找的是最小值，所以符号反过来，填的是正的 `torch.inf`。后一节则把 `where` 列为 `masked_fill` 的另一种写法，即上面那个例子。
#
# 《[带参数的注意力汇聚](../parametric.py)》一页构造留一的键和值时不用 `where`，用的是布尔索引（[torch.eye 与布尔掩码](mask.py)）。

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text: 0 where
# not chosen, 1/(2*sqrt(4)) = 0.25
assert grad_clamp == [0.0, 0.25]
assert grad_safe == [0.0, 0.25]
