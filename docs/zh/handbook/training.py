# %% [markdown]
# # 训练：nn.Parameter、nn.MSELoss 与 torch.optim.SGD
#
# 带参数的模型只学一个数 $w$。这要靠三样东西：`nn.Parameter` 把 $w$ 标记为要学习的量，
# `nn.MSELoss` 衡量预测错了多少，`torch.optim.SGD` 让 $w$ 往下坡走。
# 夹在中间的 `backward()` 负责求梯度。
#
# 下面的 `at` 是本教程的包：`at.SEED` 是 0，每一页共用的种子；`at.diagram_*` 只用来画图，
# 不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import warnings

import torch
from torch import nn

import attention_tutorial as at

# %% [markdown]
# ## nn.Parameter
#
# ```python
# torch.nn.Parameter(
#     data=None,
#     requires_grad=True,
# )
# ```
#
# 包装一个张量，把它标记为可学习的参数：把它赋值为 `nn.Module` 的属性时，
# 模块会登记它，于是 `module.parameters()`（进而优化器）能看到它。
#
# - `data`：初始值，一个张量。
# - `requires_grad`：默认 `True`，这正是参数的意义所在。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> _ = torch.manual_seed(0)
# >>> w = nn.Parameter(torch.rand(1))
# >>> w
# Parameter containing:
# tensor([0.4963], requires_grad=True)
# >>> # a plain tensor is not tracked
# >>> plain = torch.rand(1)
# >>> w.requires_grad, plain.requires_grad
# (True, False)
# ```
#
# `w` 和 `plain` 装的都是普通的数，区别有两处。一是 `requires_grad` 标志：
# 它让自动求导（autograd，PyTorch 根据记录下的运算自动算出梯度的机制）记录对 `w` 的每一步运算，
# 从而能为它求出梯度。二是类型：`w` 是 `Parameter`，模块只把这种类型的属性登记为参数（`parameters()` 返回的就是它们）。
#
# 第二点单靠 `requires_grad=True` 补不上：只有 `Parameter` 类型的属性会被登记；
# 普通张量属性即使需要梯度，对 `parameters()` 也不可见，优化器也就永远不会更新它：
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> class Model(nn.Module):
# ...     def __init__(self):
# ...         super().__init__()
# ...         one = torch.ones(1)
# ...         # registered
# ...         self.w = nn.Parameter(one)
# ...         # plain tensor: unregistered
# ...         self.b = torch.zeros(1)
# ...
# >>> params = Model().named_parameters()
# >>> [name for name, _ in params]
# ['w']
# ```
#
# ### 陷阱
#
# 需要梯度的张量不能直接转成 NumPy 数组，画图时就会碰到这个问题。先 detach，报错信息里也这么说
# （`detach()` 做了什么，见《[clone 与 detach](clone.py)》）：

# %%
_ = torch.manual_seed(at.SEED)
w = nn.Parameter(torch.rand(1))  # (1,)
try:
    w.numpy()
except RuntimeError as err:
    print("RuntimeError:", err)
# detached first: a plain numpy array
print(w.detach().numpy().round(4))

# %% [markdown]
# 已收入报错信息索引：[`Can't call numpy() on Tensor that requires grad`](errors.py#cant-call-numpy-on-tensor-that-requires-grad)。

# %% [markdown]
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：<autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>
# 唯一的参数 `self.w` 实际上就是 `nn.Parameter(torch.rand(1))`（包里多传了一个可选的
# `generator`）；本教程包里的 `NWKernelRegression` 保存
# `attention_weights` 时已经 detach，方便画图（d2l 书里的模型保存的权重没有 detach）。
#
# ## nn.MSELoss
#
# ```python
# torch.nn.MSELoss(
#     size_average=None,
#     reduce=None,
#     reduction='mean',
# )
# loss(input, target) -> Tensor
# ```
#
# 逐元素计算平方误差 $(\text{input}_i - \text{target}_i)^2$，再做归约：`'none'`
# 全部保留，`'sum'` 求和，`'mean'`（默认）求平均。
#
# - `reduction`：`'none'`、`'sum'` 或 `'mean'`。
# - `size_average`、`reduce`：同一选择的旧名字，已弃用，不用管。
# - `input`、`target`（调用时）：**形状相同**的张量。
#
# 这里没有 $\frac{1}{2}$ 这个因子：有些教材把平方损失定义为
# $\frac{1}{2}(\hat{y} - y)^2$，它们的损失值是这里的一半。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> y_hat = torch.tensor(
# ...     [1.0, 2.0, 3.0]
# ... )
# >>> y = torch.tensor([1.0, 0.0, 0.0])
# >>> loss = nn.MSELoss(reduction='none')
# >>> loss(y_hat, y)
# tensor([0., 4., 9.])
# >>> loss = nn.MSELoss(reduction='sum')
# >>> loss(y_hat, y)
# tensor(13.)
# >>> # 'mean' by default: 13 / 3
# >>> nn.MSELoss()(y_hat, y)
# tensor(4.3333)
# ```
#
# ### 图示
#
# 上面例子的 `y_hat` 和 `y`：先得到逐元素的平方误差，图里和本章的代码一样把它记作 `squared_errors`
# （d2l 书里叫 `l`），再用 `sum` 或 `mean` 归约成一个数。

# %%
y_hat = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([1.0, 0.0, 0.0])
at.diagram_mse_loss(y_hat, y)

# %% [markdown]
# ### 陷阱
#
# `input` 和 `target` 的形状必须相同。形状为 `(3,)` 的预测配上 `(3, 1)` 的目标，
# 会被广播成 `(3, 3)`：每个预测和每个目标都比了一次，得到九个“误差”而不是三个。
# PyTorch 只给出警告，不报错。下面用的是上面例子里的 `y_hat` 和 `y`，只是把 `y` 写成了一列；
# 代码打印误差的形状、警告，以及两种写法的损失：目标排成一列时，逐元素误差之和
# 比用 `y.reshape(-1)` 算出的正确损失大（33.0 对 13.0）；用默认的 `'mean'` 时是 3.67 对 4.33，
# 反而更小。损失不同，却不一定更大，所以光看损失的大小发现不了这个错。

# %%
mse = nn.MSELoss(reduction="none")
# the example's values: (3,)
y_hat = torch.tensor([1.0, 2.0, 3.0])
# the same targets as a column: (3, 1)
y = torch.tensor([[1.0], [0.0], [0.0]])
# keep the warning, to print it below
with warnings.catch_warnings(
    record=True,
    action="always",
) as caught:
    # (3,) and (3, 1) broadcast: (3, 3)
    errors = mse(y_hat, y)
shape = tuple(errors.shape)
print("shape of the errors:", shape)
kind = caught[0].category.__name__
print(kind + ":", caught[0].message)
# the same shapes: (3,) and (3,)
right = mse(y_hat, y.reshape(-1))
loss = right.sum().item()
print("loss, (3,) and (3,):  ", loss)
loss = errors.sum().item()
print("loss, (3,) and (3, 1):", loss)
# the default reduction='mean': divided
# by 3 and by 9 elements
mean = round(right.mean().item(), 2)
print("mean, (3,) and (3,):  ", mean)
mean = round(errors.mean().item(), 2)
print("mean, (3,) and (3, 1):", mean)
# every prediction against every target:
# a different loss, larger as a sum,
# smaller as a mean
assert shape == (3, 3)
assert errors.sum() > right.sum()
assert errors.mean() < right.mean()

# %% [markdown]
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：`nn.MSELoss(reduction='none')`
# 给每个训练样本一个平方误差，`squared_errors.sum()` 就是要最小化、也是画出来的那个损失。
#
# ## torch.optim.SGD
#
# ```python
# torch.optim.SGD(
#     params,
#     lr=0.001,
#     momentum=0,
#     dampening=0,
#     weight_decay=0,
#     nesterov=False,
#     *,
#     maximize=False,
#     foreach=None,
#     differentiable=False,
#     fused=None,
# )
# ```
#
# `*` 之后的参数只能按名字传，比如写 `maximize=True`，不能当作第七个位置参数。
#
# 随机梯度下降：每次 `step()` 让每个参数 $p$ 逆着梯度走一步，
# $p \leftarrow p - \text{lr} \cdot \frac{\partial \text{loss}}{\partial p}$。
#
# - `params`：要更新的张量，通常是 `model.parameters()`。
# - `lr`：学习率，即每一步的步长（本章用 0.5）。
# - `momentum`、`dampening`、`weight_decay`、`nesterov`、`maximize`：更新规则的各种变体，
#   默认都关闭；其余关键字参数用来选择实现方式。
#
# 每个训练步骤依次做四件事：
#
# 1. `optimizer.zero_grad()` 清掉上一步的梯度；
# 2. 前向计算得到 `loss`（每一步都要重新算：参数刚被更新过）；
# 3. `loss.backward()` 为每个参数计算 $\partial \text{loss} / \partial p$，加到 `p.grad` 上
#    （`zero_grad()` 刚把它清空：默认把 `p.grad` 设为 `None`，而不是填 0）；
# 4. `optimizer.step()` 用 `p.grad` 更新参数。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> w = nn.Parameter(torch.ones(1))
# >>> optimizer = torch.optim.SGD(
# ...     [w],
# ...     lr=0.1,
# ... )
# >>> # smallest at w = 2
# >>> loss = ((3 * w - 6) ** 2).sum()
# >>> optimizer.zero_grad()
# >>> # d loss / d w = 2 * (3w - 6) * 3,
# >>> # -18 at w = 1
# >>> loss.backward()
# >>> w.grad
# tensor([-18.])
# >>> # w - 0.1 * (-18) = 2.8: past the
# >>> # minimum at 2. lr = 0.1 is large
# >>> # for this loss: its curvature is
# >>> # 2 * 3 ** 2 = 18, so any lr above
# >>> # 1/18 overshoots the minimum
# >>> optimizer.step()
# >>> w
# Parameter containing:
# tensor([2.8000], requires_grad=True)
# ```
#
# ### 图示
#
# 对一个两元素参数走一步：先用 `backward()` 算出 `w.grad`，图中再逐格计算
# $w - \text{lr} \cdot \text{grad}$。

# %%
w0 = torch.tensor([1.0, -1.0])  # (2,)
w = nn.Parameter(w0)
target = torch.tensor([6.0, 0.0])
# a scalar
loss = ((3 * w - target) ** 2).sum()
# fills w.grad, shape (2,)
loss.backward()
at.diagram_sgd_step(
    w.detach(),
    w.grad,
    0.1,
)

# %% [markdown]
# ### 陷阱
#
# 不调用 `zero_grad()` 时，`backward()` 会把新梯度**加**到旧梯度上。
# 把损失重新算一遍、再反向传播一次，梯度就变成两倍：

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
for attempt in (1, 2):
    loss = ((3 * w - 6) ** 2).sum()
    # no zero_grad() in between
    loss.backward()
    print(
        f"after backward() #{attempt}:",
        f"w.grad = {w.grad.item():.1f}",
    )

# %% [markdown]
# 上面每一轮都重新算了一次 `loss`。对**同一个** `loss` 调用两次 `backward()` 却会报错：
# 前向计算时，[反向传播](../glossary.md#backpropagation)要用的中间结果保存在[计算图](../glossary.md#computational-graph)里；
# 这里平方保存的是 $3w - 6$。第一次 `backward()` 用完就把它们释放了，第二次已经无从算起。所以训练循环的每一步都要重新做一次前向计算，得到新的损失；
# 只有确实要对同一张图反向传播两次时，才在第一次写 `backward(retain_graph=True)`。

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# ** 2 saves 3w - 6 for backward()
loss = ((3 * w - 6) ** 2).sum()
# uses the saved value, then frees it
loss.backward()
try:
    # the same loss again: nothing left
    # to backpropagate through
    loss.backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`Trying to backward through the graph a second time`](errors.py#trying-to-backward-through-the-graph-a-second-time)。

# %% [markdown]
# 另外，`backward()` 要求损失是一个数。`reduction='none'` 得到的损失是向量，
# 所以本章写的是 `squared_errors.sum().backward()`：

# %%
w0 = torch.tensor([1.0, -1.0])  # (2,)
w = nn.Parameter(w0)
target = torch.tensor([6.0, 0.0])
mse = nn.MSELoss(reduction="none")
# one per element: (2,)
squared_errors = mse(3 * w, target)
try:
    squared_errors.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
# a scalar: fine
squared_errors.sum().backward()
print("w.grad =", w.grad)

# %% [markdown]
# 已收入报错信息索引：[`grad can be implicitly created only for scalar outputs`](errors.py#grad-can-be-implicitly-created-only-for-scalar-outputs)。

# %% [markdown]
# 不用优化器、自己写一步梯度下降 `w -= lr * w.grad` 也会报错：`w` 是需要梯度的[叶子张量](../glossary.md#leaf-tensor)（需要梯度的张量只有由用户直接创建、
# 而不是由运算算出时才是叶子；计算图从它开始），
# 自动求导不允许[原地操作](../glossary.md#in-place-operation)改它，因为这一改本身也会被记进计算图。把这一步放进 `with torch.no_grad():`
# 就不会被记录；`optimizer.step()` 内部正是这样做的。

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# w.grad = -18
((3 * w - 6) ** 2).sum().backward()
lr = 0.1
try:
    # a hand-written step on a leaf:
    # autograd refuses it
    w -= lr * w.grad
except RuntimeError as err:
    print("RuntimeError:", err)
with torch.no_grad():
    # the same step, not recorded
    w -= lr * w.grad
value = round(w.item(), 4)
print("w after one step:", value)
# 1 - 0.1 * (-18)
assert abs(w.item() - 2.8) < 1e-6

# %% [markdown]
# 已收入报错信息索引：[`a leaf Variable that requires grad is being used in an in-place operation`](errors.py#a-leaf-variable-that-requires-grad-is-being-used-in-an-in-place-operation)。

# %% [markdown]
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：`torch.optim.SGD(model.parameters(), lr=0.5)`，
# 训练五轮，每轮依次是 `zero_grad` → 前向计算得到 `squared_errors` → `squared_errors.sum().backward()` → `step`；包里的
# <autoref identifier="attention_tutorial.training.train">train</autoref> 就是这个循环。
# 每一步的损失都来自全部 50 个样本，所以虽然用的是 SGD 这个类，做的其实是全批量梯度下降。
# 《[训练后的曲线为何不平滑](../smoothness.py)》考察第一大步把 $w$ 甩到了哪里、后四步为什么几乎不动；
# 它的“[为什么 5 步后停在那里](../smoothness.py#为什么-5-步后停在那里)”一节在 `with torch.no_grad():`
# 里亲手走了这第一步，随后把 `probe.w.grad` 设为 `None`：正是上面原地修改和梯度累加两个陷阱的用法。
#
# 《[本章回顾](../recap.py)》一页的“[关键公式](../recap.py#关键公式)”一节把这个循环亲手写了一遍：`zero_grad` → 损失 → `backward` → `step`。《[在二维玩具问题上学习投影](../projections.py)》一页通过包里的 `train_leave_one_out` 训练，先用 `torch.optim.Adam`，“[换成普通 SGD](../projections.py#换成普通-sgd)”一节再换成本页的 SGD；函数里的循环同样是 `zero_grad` → 前向计算 → `backward` → `step`，只是那一页不展示。
