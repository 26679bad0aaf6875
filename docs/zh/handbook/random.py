# %% [markdown]
# # 随机数与等差序列：rand、normal、sort、arange
#
# 本章的数据（见《[数据](../data.py)》）由四个函数生成：`torch.rand` 抽取训练输入，`torch.sort`
# 把它们排好序，`torch.normal` 给输出加噪声，`torch.arange` 排出测试输入。
# 随机数只有固定了种子才能复现，所以这里每个打印或画出随机数的例子都先设种子。
#
# 下面的 `at` 是本教程的包：`at.SEED` 是 0，全站共用的种子；`at.TensorPanel`、`at.draw_tensors`
# 和 `at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.rand
#
# ```python
# torch.rand(
#     *size,
#     *,
#     generator=None,
#     dtype=None,
#     device=None,
#     requires_grad=False,
# ) -> Tensor
# ```
#
# 这是 PyTorch 文档里的写法（略去了几个不常用的参数），不是能运行的 Python（`*size` 后面又有一个 `*`）：
# `size` 之后的参数都要写参数名。
#
# 返回形状为 `size` 的张量，元素从左闭右开区间 $[0, 1)$ 上均匀抽取。
#
# - `size`：形状，可以写成几个整数（`torch.rand(2, 3)`），也可以写成一个元组
#   （`torch.rand((2, 3))`）。
# - `generator`：一个 `torch.Generator`，自带独立的随机数流。不传时使用全局生成器，
#   `torch.manual_seed` 重置的就是它。
# - `dtype`：默认 `torch.float32`，也可以指定其他浮点类型。
# - `requires_grad`：是否让自动求导记录这个张量（见 [nn.Parameter](training.py)）。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> g = torch.Generator().manual_seed(0)
# >>> torch.rand(3, generator=g)
# tensor([0.4963, 0.7682, 0.0885])
# >>> # the same as torch.rand((2, 3))
# >>> torch.rand(2, 3, generator=g).shape
# torch.Size([2, 3])
# >>> u = torch.rand(1000, generator=g)
# >>> # uniform on [0, 5)
# >>> x = u * 5
# >>> lo, hi = x.min(), x.max()
# >>> bool(lo >= 0), bool(hi < 5)
# (True, True)
# ```
#
# 同一个种子给出同样的数；不重设种子时，每次调用都接着往下抽，得到新的数：
#
# ```pycon
# >>> import torch
# >>> # _ = hides the Generator that
# >>> # manual_seed returns
# >>> _ = torch.manual_seed(0)
# >>> a = torch.rand(3)
# >>> # the stream goes on: new numbers
# >>> b = torch.rand(3)
# >>> _ = torch.manual_seed(0)
# >>> # back to the start
# >>> c = torch.rand(3)
# >>> torch.equal(a, b), torch.equal(a, c)
# (False, True)
# ```
#
# ### 图示
#
# 把上面那段代码画出来，同色表示同一个数：`b` 接着往下抽，颜色都是新的；
# 重设种子之后，`c` 又从头开始，逐格与 `a` 同色。

# %%
_ = torch.manual_seed(at.SEED)
a = torch.rand(3)
b = torch.rand(3)
_ = torch.manual_seed(at.SEED)
c = torch.rand(3)
assert torch.equal(a, c)
# a and c keep the default colours
# (one per cell); b's new numbers get
# three new colours
new = torch.arange(3, 6)
colours = {
    "zh": "同色：同一个数。",
    "en": "Same colour: same number.",
}
at.draw_tensors(
    [
        at.TensorPanel(a, code="a"),
        at.TensorPanel(
            b,
            code="b",
            sources=new,
        ),
        at.TensorPanel(c, code="c"),
    ],
    arrows=[
        "",
        "torch.manual_seed(at.SEED)",
    ],
    title="torch.manual_seed(at.SEED)",
    legend=colours,
)

# %% [markdown]
# ### 陷阱
#
# 形状里的每个数都必须是 `int`；用 `/` 算出来的是 `float`，哪怕它恰好是整数：

# %%
n_train = 50
try:
    torch.rand(n_train / 2)
except TypeError as err:
    print("TypeError:", err)
# // keeps an int
x = torch.rand(n_train // 2)
print(tuple(x.shape))

# %% [markdown]
# 已收入报错信息索引：[`rand(): argument 'size' (position 1) must be tuple of ints, not float`](errors.py#rand-argument-size-position-1-must-be-tuple-of-ints-not-float)。

# %% [markdown]
# ### 本章在哪里用到
#
# [数据](../data.py)：这两行从 $[0, 5)$ 中抽取训练输入并排好序：
#
# ```python
# u = torch.rand(n_train, generator=g)
# x_train, _ = torch.sort(u * 5)
# ```
#
# 数据页用自己的 `torch.Generator`（上面的 `generator` 参数）抽数，
# 所以生成数据不会动到全局随机数流。
#
# [带参数的注意力汇聚](../parametric.py)：`nn.Parameter(torch.rand(1))`
# 给 $w$ 一个随机的初始值。
#
# ## torch.normal
#
# ```python
# # mean, std: numbers
# torch.normal(
#     mean,
#     std,
#     size,
#     *,
#     generator=None,
#     out=None,
# ) -> Tensor
# # mean or std: tensors
# torch.normal(
#     mean,
#     std,
#     *,
#     generator=None,
#     out=None,
# ) -> Tensor
# ```
#
# 返回从正态（高斯）分布 $\mathcal{N}(\text{mean}, \text{std}^2)$ 中抽取的数。
#
# - `mean`、`std`：均值和标准差（注意不是方差）：方差为 0.25 的噪声要写
#   `torch.normal(0.0, 0.5, ...)`，而不是 `torch.normal(0.0, 0.25, ...)`。
#   两个都是数时必须再给 `size`；其中一个是张量时，结果的元素与该张量一一对应，各有各的均值或标准差。
# - `size`：形状，写成元组，例如 `(50,)`。
# - `generator`：与 `torch.rand` 相同。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> g = torch.Generator().manual_seed(0)
# >>> torch.normal(
# ...     0.0,
# ...     0.5,
# ...     (3,),
# ...     generator=g,
# ... )
# tensor([ 0.7705, -0.1467, -1.0894])
# >>> noise = torch.normal(
# ...     0.0,
# ...     0.5,
# ...     (10000,),
# ...     generator=g,
# ... )
# >>> # close to 0 and 0.5
# >>> mean = noise.mean().item()
# >>> std = noise.std().item()
# >>> round(mean, 2), round(std, 2)
# (-0.01, 0.5)
# >>> # one mean per element
# >>> means = torch.tensor([0.0, 10.0])
# >>> torch.normal(
# ...     means,
# ...     1.0,
# ...     generator=g,
# ... ).shape
# torch.Size([2])
# ```
#
# ### 图示
#
# 本章数据的缩小版：六个排好序的输入，输出是 $f(x)$ 加上标准差为 0.5 的噪声。
# 颜色把每个输入和它的输出对应起来。

# %%
_ = torch.manual_seed(at.SEED)
# (6,) each
x, _ = torch.sort(torch.rand(6) * 5)
noise = torch.normal(0.0, 0.5, (6,))
y = at.f(x) + noise
at.draw_tensors(
    [
        at.TensorPanel(x, code="x"),
        at.TensorPanel(y, code="y"),
    ],
    arrows=["y = at.f(x) + noise"],
)

# %% [markdown]
# ### 陷阱
#
# 只给两个数、不给 `size`，PyTorch 不知道要抽几个：

# %%
try:
    torch.normal(0.0, 0.5)
except TypeError as err:
    # keep only the part before ", but
    # expected one of:"; the list of
    # ways to call normal is cut
    msg = str(err).split(", but")[0]
    print("TypeError:", msg)

# %% [markdown]
# 已收入报错信息索引：[`normal() received an invalid combination of arguments`](errors.py#normal-received-an-invalid-combination-of-arguments)。

# %% [markdown]
# ### 本章在哪里用到
#
# [数据](../data.py)：加到训练输出 $f(x)$ 上的噪声，从抽训练输入的同一个生成器 `g` 中抽取：
#
# ```python
# noise = torch.normal(
#     0.0,
#     0.5,
#     (n_train,),
#     generator=g,
# )
# ```
#
# ## torch.sort
#
# ```python
# torch.sort(
#     input,
#     dim=-1,
#     descending=False,
#     *,
#     stable=False,
#     out=None,
# ) -> (Tensor, LongTensor)
# ```
#
# 沿 `dim` 排序，返回两个张量：排好序的值 `values`，以及每个值原来在 `input`
# 中位置的索引 `indices`。
#
# - `dim`：沿哪个轴排序，默认最后一个轴。
# - `descending`：为 `True` 时从大到小排。
# - `stable`：为 `True` 时，相等的元素保持原来的先后顺序（默认不保证）。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor(
# ...     [0.7, 0.1, 0.9, 0.4]
# ... )
# >>> values, indices = torch.sort(x)
# >>> values
# tensor([0.1000, 0.4000, 0.7000, 0.9000])
# >>> indices
# tensor([1, 3, 0, 2])
# >>> # indices pick the values out of x
# >>> torch.equal(x[indices], values)
# True
# >>> torch.sort(
# ...     x,
# ...     descending=True,
# ... ).values
# tensor([0.9000, 0.7000, 0.4000, 0.1000])
# ```
#
# ### 图示
#
# 用上面例子里打乱的四个数：值挪了位置，颜色跟着走；索引格与对应的值同色，
# 因为 `indices[i]` 就是 `values[i]` 原来的位置。

# %%
x = torch.tensor([0.7, 0.1, 0.9, 0.4])
at.diagram_sort(x)

# %% [markdown]
# ### 陷阱
#
# `torch.sort` 返回的是一对张量。只用一个变量去接，拿到的还是这一对，
# 接下来调用张量的方法就会失败：

# %%
_ = torch.manual_seed(at.SEED)
# forgot to unpack (values, indices)
x_train = torch.sort(torch.rand(5) * 5)
try:
    x_train.numpy()
except AttributeError as err:
    print("AttributeError:", err)
# unpacked: a tensor of shape (5,)
x = torch.rand(5) * 5
x_train, _ = torch.sort(x)
print(tuple(x_train.shape))

# %% [markdown]
# 已收入报错信息索引：[`'torch.return_types.sort' object has no attribute 'numpy'`](errors.py#torchreturn_typessort-object-has-no-attribute-numpy)。

# %% [markdown]
# ### 本章在哪里用到
#
# [数据](../data.py)：`x_train, _ = torch.sort(u * 5)`，`u` 是
# `torch.rand(n_train, generator=g)` 抽出的数。查询 `x_test`
# 本来就是递增的，键也排好序后，《[非参数注意力汇聚](../nonparametric.py)》热图中
# 较大的注意力权重才集中在对角线附近。
#
# ## torch.arange
#
# ```python
# torch.arange(
#     start=0,
#     end,
#     step=1,
#     *,
#     dtype=None,
#     device=None,
#     requires_grad=False,
# ) -> Tensor
# ```
#
# 这是 PyTorch 文档里的写法，不是能运行的 Python（有默认值的 `start` 后面跟着必填的
# `end`）：只给一个参数时，它是 `end`。
#
# 返回一维张量 `start, start + step, start + 2 * step, ...`，在到达 `end`
# **之前**停下：区间是左闭右开的 $[\text{start}, \text{end})$。
#
# - `start`、`end`、`step`：`torch.arange(5)` 得到 `0, 1, 2, 3, 4`。
#   长度是 `ceil((end - start) / step)`（向上取整）。
# - `dtype`：自动推断：所有给出的参数都是整数时为 `torch.int64`，否则为默认浮点类型
#   （`torch.float32`）。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> torch.arange(5)
# tensor([0, 1, 2, 3, 4])
# >>> torch.arange(0, 1, 0.25)
# tensor([0.0000, 0.2500, 0.5000, 0.7500])
# >>> # 5 itself is left out
# >>> torch.arange(0, 5, 0.1).shape
# torch.Size([50])
# >>> ints = torch.arange(5)
# >>> floats = torch.arange(0, 5, 0.5)
# >>> ints.dtype, floats.dtype
# (torch.int64, torch.float32)
# ```
#
# ### 图示
#
# `torch.arange(0, 1, 0.25)`：终点 1 不在结果里，长度是 $\lceil (1 - 0) / 0.25 \rceil = 4$。

# %%
at.diagram_arange(0, 1, 0.25)

# %% [markdown]
# ### 陷阱
#
# 步长 `step` 是小数时，舍入误差可能把终点“放进来”：在浮点数里 $(1.3 - 1) / 0.1$ 比 3 略大一点，
# 长度向上取整成 4，本应排除的终点出现在了结果里：

# %%
x = torch.arange(1, 1.3, 0.1)
print(x)
print("length:", len(x))

# %%
at.diagram_arange(1, 1.3, 0.1)

# %% [markdown]
# 对点数有严格要求时，改用 `torch.linspace(start, end, steps)`：它直接指定个数，
# 并且包含两端。
#
# 另一个陷阱是类型：整数序列是 `torch.int64`，有些函数（比如 softmax）不接受，先用 `.float()` 转换：

# %%
# int64
x = torch.arange(3)
try:
    torch.softmax(x, dim=0)
except NotImplementedError as err:
    print("NotImplementedError:", err)
y = torch.softmax(x.float(), dim=0)
print(y.sum())

# %% [markdown]
# 已收入报错信息索引：[`"softmax_lastdim_kernel_impl" not implemented for 'Long'`](errors.py#softmax_lastdim_kernel_impl-not-implemented-for-long)。

# %% [markdown]
# ### 本章在哪里用到
#
# [数据](../data.py)：`x_test = torch.arange(0, 5, 0.1)`，50 个测试输入
# $0, 0.1, \dots, 4.9$（不含 5）。
