# %% [markdown]
# # clone 与 detach：复制数据，还是切断计算图
#
# 这两个方法看起来都是“得到一个新张量”，做的事情却正好相反。`clone()` 把数据复制到新的内存里；`x` 需要梯度时，副本仍**留在**自动求导的计算图中，梯度能传回 `x`。`detach()` 与原张量共享内存，并且**离开**计算图。想要一份既不共享内存、也不在计算图里的副本，就写 `x.detach().clone()`。
#
# 下面导入的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.clone 与 Tensor.detach
#
# ```python
# Tensor.clone(
#     *,
#     memory_format=torch.preserve_format,
# ) -> Tensor
# Tensor.detach() -> Tensor
# ```
#
# `memory_format` 决定副本在内存里怎样排布，默认与原张量相同；本章用不到它。
#
# 三种写法，各自的内存、梯度和结果的 `requires_grad`：
#
# - `x.clone()`：新内存，一份副本；`x` 需要梯度时，梯度能传回 `x`；`requires_grad` 与 `x` 相同。
# - `x.detach()`：没有新内存，与 `x` 共享；梯度传不回 `x`；`requires_grad` 为 `False`。
# - `x.detach().clone()`：新内存；梯度传不回 `x`；`requires_grad` 为 `False`。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> w = torch.tensor(
# ...     [2.0, 3.0, 5.0],
# ...     requires_grad=True,
# ... )
# >>> c, d = w.clone(), w.detach()
# >>> c.requires_grad, d.requires_grad
# (True, False)
# >>> # only the clone records its op
# >>> c.grad_fn is None, d.grad_fn is None
# (False, True)
# >>> # the same memory as w? data_ptr()
# >>> # is the first element's address
# >>> p = w.data_ptr()
# >>> c.data_ptr() == p, d.data_ptr() == p
# (False, True)
# >>> # the clone is still in the graph,
# >>> # so w gets a gradient: 2 * w
# >>> (c * c).sum().backward()
# >>> w.grad
# tensor([ 4.,  6., 10.])
# ```
#
# detach 得到的张量与原张量共享内存：往里写，原张量也跟着变。clone 得到的副本有自己的内存：改它，原张量不受影响。
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1.0, 2.0, 3.0])
# >>> d, c = x.detach(), x.clone()
# >>> d[0] = 100.0
# >>> c[1] = -1.0
# >>> x
# tensor([100.,   2.,   3.])
# >>> c
# tensor([ 1., -1.,  3.])
# ```
#
# ### 图示
#
# 最上面是上面例子里的 `w`，中间一排是 `w.clone()` 和 `w.detach()`，最下面是推荐的 `w.detach().clone()`，也就是对它上方 detach 出来的张量再调用 `.clone()`。颜色相同：来自 `w` 的同一个元素。实线边框：有自己的内存；粗虚线边框：与 `w` 共享内存，右边标着“同一块内存”的虚线把它连到 `w`。左边标着 `grad_fn` 的箭头从 `w.clone()` 指回 `w`：`grad_fn` 记着张量由哪个运算得来（上面例子里 `c.grad_fn` 不是 `None`），反向传播沿它把梯度传回 `w`；两个离开计算图的张量没有这样的箭头。每个张量下面写着它是否还在计算图里。

# %%
w = torch.tensor(
    [2.0, 3.0, 5.0],
    requires_grad=True,
)
at.diagram_clone(w)

# %% [markdown]
# ### 陷阱
#
# 画图时常见的一个错误：没有 `detach()` 就把模型的参数转成 NumPy 数组（下面的模型是本教程的 `at.NWKernelRegression`，它唯一的参数 `w` 需要梯度）。下面先看报错，再看两种改法：一是 `detach()`；二是把这一步放进 `with torch.no_grad():` 块里，块里的 `model.w.numpy()` 不再报错。两种改法打印出的是同一个值。

# %%
model = at.NWKernelRegression(w=2.0)
try:
    model.w.numpy()
except RuntimeError as err:
    print("RuntimeError:", err)
w_numpy = model.w.detach().numpy()
print("with detach:", w_numpy)
# or call numpy() under no_grad
with torch.no_grad():
    w_plain = model.w.numpy()
print("under no_grad:", w_plain)

# %% [markdown]
# 为什么 `no_grad` 也行：`numpy()` 只在自动求导开着时才拒绝需要梯度的张量，而在 `torch.no_grad()` 块里自动求导是关着的（块里 `model.w.requires_grad` 仍是 `True`）；出了块，同样的调用又会报错。`detach()` 则事后得到一个不在图里的张量，在哪里都能用。
#
# 两种写法得到的数组都与 `w` 共享内存：之后训练一步，它也跟着变。要留一份快照，先复制：`model.w.detach().clone().numpy()`。下面像优化器那样原地更新一次 `w`，再看三个数组：

# %%
snap = model.w.detach().clone().numpy()
# one training step: w changes in place
with torch.no_grad():
    model.w -= 0.5
print("w_numpy: ", w_numpy)
print("w_plain: ", w_plain)
print("snapshot:", snap)

# %% [markdown]
# 已收入报错信息索引：[`Can't call numpy() on Tensor that requires grad`](errors.py#cant-call-numpy-on-tensor-that-requires-grad)。

# %% [markdown]
# 共享内存还有一个后果：如果这个张量正好被自动求导保存下来供反向传播用（比如 `exp()` 的结果：它的导数就是它自己），原地修改 detach 出来的张量，就会改掉这个保存的值。PyTorch 会发现并拒绝：

# %%
x = torch.tensor(
    [1.0, 2.0],
    requires_grad=True,
)
# backward needs y itself:
# d exp(x) / dx = exp(x)
y = x.exp()
# ... and this overwrites y
y.detach().zero_()
try:
    y.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`one of the variables needed for gradient computation has been modified by an inplace operation`](errors.py#one-of-the-variables-needed-for-gradient-computation-has-been-modified-by-an-inplace-operation)。

# %% [markdown]
# 报错说得很具体：每个张量都带着一个版本号，每被原地修改一次就加 1。反向传播要用的是保存时的 `y`，也就是版本 0；可 `y` 已经被改过一次，现在是版本 1，算出的梯度不再可信，所以 PyTorch 拒绝。`y.detach()` 得到的张量不但与 `y` 共享内存，还共享同一个版本号，所以通过它做的原地修改也记在 `y` 的账上，反向传播才能发现。`clone()` 复制出的张量有自己的内存和自己的版本号：改用 `y.detach().clone()`，被修改的是副本，`y` 不受影响。下面用 `_version` 属性（PyTorch 内部用的版本号，只为演示）看一看，每行依次是 `y`、`y_detached`、`copy` 的版本号：

# %%
x = torch.tensor(
    [1.0, 2.0],
    requires_grad=True,
)
y = x.exp()
# shares y's memory and version counter
y_detached = y.detach()
# its own memory and its own counter
copy = y.detach().clone()


def versions():
    return (
        y._version,
        y_detached._version,
        copy._version,
    )


print("start:", versions())
copy.zero_()
print("copy.zero_():", versions())
y_detached.zero_()
print("y_detached.zero_():", versions())


# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# both fixes give the same value
assert (w_plain == w_numpy).all()
# no_grad leaves requires_grad as it is
with torch.no_grad():
    assert model.w.requires_grad
# the step changed both arrays, not the
# snapshot
assert w_numpy[0] == model.w.item()
assert w_numpy[0] != snap[0]
assert snap[0] == 2.0
# the versions again, step by step: the
# copy's change is not counted on y,
# y_detached's is
y = x.exp()
y_detached = y.detach()
copy = y.detach().clone()
assert versions() == (0, 0, 0)
copy.zero_()
assert versions() == (0, 0, 1)
y_detached.zero_()
assert versions() == (1, 1, 1)

# %% [markdown]
# ### 本章在哪里用到
#
# 《[带参数的注意力汇聚](../parametric.py)》一页在画预测之前写 `y_hat = model(...).detach()`（不写会怎样，见那一页“[画图之前先 detach](../parametric.py#画图之前先-detach)”一节）；《[从高斯核到点积注意力](../dot-product.py)》一页的 `model.w.detach()`、《[从核回归到 Transformer 注意力](../transformer.py)》一页的 `nw.w.detach()` 和《[在二维玩具问题上学习投影](../projections.py)》一页的 `projected.W_q.weight.detach()`，都是在拿学到的参数做计算之前，先把它从计算图中取出来。
