# %% [markdown]
# # 数据
#
# 整章用同一个小小的回归问题：从一条光滑曲线上取一些带噪声的样本，再在另一些位置上预测曲线的值。问题本身很简单，这样我们就能把注意力全部放在注意力汇聚上。本页生成这份数据，并顺便讲清楚用到的 PyTorch 函数（主要是 `torch.rand`、`torch.sort`、`torch.normal`、
# `torch.arange`），以及[数据类型](glossary.md#dtype)和随机种子。

# %%
import numpy as np
import torch

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## 目标函数
#
# 要拟合的“真实”函数是
#
# $$f(x) = 2\sin(x) + x^{0.8} .$$
#
# 包里的 <autoref identifier="attention_tutorial.data.f">f</autoref> 逐元素计算它。注意 $x^{0.8}$ 对负数没有实数值（PyTorch 会给出 `nan`），所以 `f` 只接受非负输入，本章的输入也都在 $[0, 5)$ 之内。

# %%
# shape (4,)
x = torch.tensor([0.0, 1.0, 2.0, 4.0])
print(at.f(x))

# %% [markdown]
# ## 训练输入：torch.rand
#
# `torch.rand(*size)` 返回一个给定形状的张量，每个元素独立地从 $[0, 1)$ 上的均匀分布中抽取：可能取到 0，但取不到 1。参数就是形状，`torch.rand(3)` 是 3 个数，`torch.rand(2, 3)` 是 2 行 3 列。抽一万个数看看最小值、最大值和平均值；乘以 5 之后，范围就拉伸成 $[0, 5)$。`.item()` 把只有一个元素的张量（比如 `sample.min()`）变成普通的 Python 数；不用它，`print(sample.min())` 打印出来是带着外壳的 `tensor(…)`。

# %%
# the arguments are the shape
print(
    tuple(torch.rand(3).shape),
    tuple(torch.rand(2, 3).shape),
)
sample = torch.rand(10_000)  # (10000,)
low = sample.min().item()
high = sample.max().item()
mean = sample.mean().item()
print(
    f"min {low:.4f}",
    f"max {high:.4f}",
    f"mean {mean:.4f}",
    sep="   ",
)
# (10000,), now in [0, 5)
stretched = sample * 5
low5 = stretched.min().item()
high5 = stretched.max().item()
print(
    f"after * 5: min {low5:.4f}",
    f"max {high5:.4f}",
    sep="   ",
)

# %% [markdown]
# ### 数据类型：float32 与 float64
#
# `torch.rand` 给出的是 float32（PyTorch 的默认类型）。NumPy 的默认是 float64，`torch.from_numpy` 会原样保留它。
# 用 `@`（矩阵乘法；两个向量之间就是点积，见手册的《[torch.matmul](handbook/matmul.py)》）把两者相乘会报错，说类型不同。
# 逐元素的 `*` 不报错，却悄悄把结果变成 float64：之后再拿它和 float32 的张量做 `@`，照样报错。
# 改法是用 `.float()` 把 float64 的那个转成 float32：

# %%
# the dtype torch.rand gives: float32
print("torch.rand:", sample.dtype)
# NumPy's default is float64, and
# from_numpy keeps it
ones64 = torch.from_numpy(np.ones(3))
print("from_numpy:", ones64.dtype)
# @ (a dot product here) refuses to mix
# them. prints_error catches the error
# and prints its first line, wrapped at
# 40 columns, so the page keeps running
with at.prints_error(
    RuntimeError,
    width=40,
):
    sample[:3] @ ones64
# * mixes them without an error: float64
mixed = sample[:3] * ones64
print("* mixes them:", mixed.dtype)
# the fix: .float() converts to float32
ones32 = ones64.float()
print(".float():", ones32.dtype)

# %% [markdown]
# 这里是两个向量的点积，所以报错以 `dot : …` 开头，见报错信息索引的
# [`dot : expected both vectors to have same dtype, but found …`](handbook/errors.py#dot--expected-both-vectors-to-have-same-dtype-but-found-)。
# 换成矩阵乘向量、矩阵乘矩阵，措辞就不一样了，改法却相同：这些措辞都收在索引的“[类型不对](handbook/errors.py#类型不对)”一组里。

# %% [markdown]
# ## 排序：torch.sort
#
# 随机抽出的训练输入是乱序的。`torch.sort` 把它们从小到大排好，但它返回**两个**张量：排好序的值，以及这些值在原张量中的下标。用下标去索引原张量，得到的正是排好序的值。在一个小张量上看得最清楚，最后用 `torch.equal(a, b)` 核对：两个张量形状相同、每个元素都相等时，它给出 `True`。

# %%
# shape (4,)
t = torch.tensor([3.0, 0.5, 2.0, 1.5])
sorted_values, indices = torch.sort(t)
print("sorted values:")
print(sorted_values)
print("indices:")
print(indices)
is_sorted = torch.equal(
    t[indices],
    sorted_values,
)
print(
    "t[indices] is the sorted tensor:",
    is_sorted,
)

# %% [markdown]
# 生成训练输入时我们只要值，不要下标，所以写成 `x_train, _ = torch.sort(...)`：下划线 `_` 是 Python 里“这个返回值不用”的习惯写法。排序不影响 Nadaraya-Watson 的计算结果，它只是让后面的曲线从左画到右、让注意力热图的权重沿对角线排开，更容易看懂。
#
# ## 噪声：torch.normal
#
# 训练输出是真实值加上噪声 $\epsilon \sim \mathcal{N}(0, 0.5^2)$，即均值为 0、标准差为 0.5 的正态分布：
#
# $$y_i = f(x_i) + \epsilon_i .$$
#
# `torch.normal(mean, std, size)` 的三个参数依次是均值、**标准差**（不是方差）和形状。形状必须是元组：`(n_train,)` 里的逗号不能省，`(3)` 只是带括号的整数 3，会直接报错。

# %%
# mean 0, std 0.5, shape (10000,)
noise = torch.normal(0.0, 0.5, (10000,))
print(
    f"mean {noise.mean().item():.4f}",
    f"std {noise.std().item():.4f}",
    sep="   ",
)
# the error's first line, as above:
# (3) is just the int 3, not a tuple
with at.prints_error(
    TypeError,
    width=40,
):
    torch.normal(0.0, 0.5, (3))

# %% [markdown]
# 已收入报错信息索引：[`normal() received an invalid combination of arguments`](handbook/errors.py#normal-received-an-invalid-combination-of-arguments)。

# %% [markdown]
# ## 测试输入：torch.arange
#
# 测试输入是等间距的 `torch.arange(0, 5, 0.1)`：从 0 开始，每次加 0.1，**不包括**终点 5，也就是半开区间 $[0, 5)$。下面打印出它的长度和首尾两个元素，并确认 5.0 不在其中：

# %%
# shape (50,)
x_test = torch.arange(0, 5, 0.1)
print("length:", len(x_test))
print(
    f"first: {x_test[0].item():.4f}",
    f"last: {x_test[-1].item():.4f}",
    sep="   ",
)
contains_5 = bool((x_test == 5.0).any())
print("contains 5.0:", contains_5)
# float32 cannot hold 0.3 exactly
print(
    "x_test[3] is stored as",
    f"{x_test[3].item():.12f}",
)

# %% [markdown]
# 最后一行说明 float32 存不下 0.3：`x_test[3]` 存的是离 0.3 最近的 float32（`torch.tensor(0.3)` 也一样）。
# 步长 0.1 同样存不精确，真正的隐患在元素个数上：`arange` 先用 $\lceil (\text{end} - \text{start}) / \text{step} \rceil$ 算出元素个数，而这个除法带着舍入误差，终点有时会“溜进来”。下面第一行的终点 1.3 本不该出现；更稳妥的写法是先用整数步长再相除，或者用 `torch.linspace` 直接指定点数：

# %%
# 1.3 sneaks in: (1.3 - 1) / 0.1 is
# slightly above 3
print(torch.arange(1, 1.3, 0.1))
# integer steps, then divide: exactly
# 3 elements
print(torch.arange(10, 13) / 10)
# or ask for the number of points
print(torch.linspace(1, 1.2, 3))

# %% [markdown]
# ## 随机种子
#
# `torch.rand` 每调用一次，都从同一条随机数流中往下取数，所以连续两次调用得到不同的数：

# %%
print(torch.rand(3))
# no reseeding: different numbers
print(torch.rand(3))

# %% [markdown]
# `torch.manual_seed(seed)` 把这条流拨回由种子决定的起点，之后抽出的数就完全可以重复。它会返回一个生成器对象，我们用不到，所以写成 `_ = torch.manual_seed(...)`，免得笔记本把这个对象打印出来。

# %%
_ = torch.manual_seed(at.SEED)
first = torch.rand(3)
_ = torch.manual_seed(at.SEED)
second = torch.rand(3)
print(first)
print(second)
equal = torch.equal(first, second)
print("equal:", equal)

# %% [markdown]
# 全局的随机数流是所有代码共用的：任何一处多抽了一个数，后面的结果就全变了。所以包里的 <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>
# 不碰全局流，而是建一个自己的 `torch.Generator`，用 `generator=` 参数交给 `torch.rand` 和
# `torch.normal`。同一个种子的私有生成器与全局流给出同样的数，而调用 `make_data`
# 前后全局流的状态（`torch.get_rng_state()`）没有变化：

# %%
# a private random stream
seed = at.SEED
g = torch.Generator().manual_seed(seed)
same_numbers = torch.equal(
    torch.rand(3, generator=g),
    first,
)
print(
    "same numbers as manual_seed:",
    same_numbers,
)
# snapshot of the global stream
state = torch.get_rng_state()
data = at.make_data()
untouched = torch.equal(
    state,
    torch.get_rng_state(),
)
repeats = torch.equal(
    data.x_train,
    at.make_data().x_train,
)
print(
    "make_data kept the global state:",
    untouched,
)
print(
    "make_data repeats itself:",
    repeats,
)

# %% [markdown]
# ## 拼起来：make_data
#
# 把上面几步连起来，就是 `make_data` 的全部工作。下面逐行重做一遍，并确认结果与
# `make_data()` 完全相同：

# %%
n_train = 50
seed = at.SEED
g = torch.Generator().manual_seed(seed)
# u: (n_train,), in [0, 1)
u = torch.rand(n_train, generator=g)
# x_train: sorted, in [0, 5)
x_train, _ = torch.sort(u * 5)
# noise: (n_train,)
noise = torch.normal(
    0.0,
    0.5,
    (n_train,),
    generator=g,
)
y_train = at.f(x_train) + noise
# x_test, y_truth: (n_test,)
x_test = torch.arange(0, 5, 0.1)
y_truth = at.f(x_test)
train_checks = (
    torch.equal(x_train, data.x_train),
    torch.equal(y_train, data.y_train),
)
test_checks = (
    torch.equal(x_test, data.x_test),
    torch.equal(y_truth, data.y_truth),
)
print("x_train, y_train:")
print(train_checks[0], train_checks[1])
print("x_test, y_truth:")
print(test_checks[0], test_checks[1])

# %% [markdown]
# `make_data` 返回一个 <autoref identifier="attention_tutorial.data.ToyData">ToyData</autoref>，里面有四个张量：`x_train`（以后当**键**）、`y_train`（以后当**值**）、`x_test`（以后当**查询**）和不含噪声的 `y_truth`（只用来衡量预测得好不好）。
#
# ## 看一眼数据
#
# <autoref identifier="attention_tutorial.data.describe">describe</autoref> 打印张量的名字、形状、数据类型，以及开头和结尾的几个值（保留四位小数），不会把五十个数一股脑儿倒出来。

# %%
print(
    "n_train =",
    data.n_train,
    "  n_test =",
    data.n_test,
)
at.describe("x_train", data.x_train)
at.describe("y_train", data.y_train)
at.describe("x_test", data.x_test)
at.describe("y_truth", data.y_truth)

# %% [markdown]
# 训练输出的均值下一页还会用到（平均汇聚的预测就是它）。随手把运行结果抄进注释是个坏习惯：代码或数据一改，注释里的旧数就过时了，而且没人会发现。要看就重新算一遍：

# %%
mean_y = data.y_train.mean().item()
print(f"mean of y_train: {mean_y:.4f}")

# %% [markdown]
# 最后把数据画出来：实线是真实函数 $f(x)$，散点是带噪声的训练样本，底部一排短竖线标出全部测试输入，也就是后面几页要做预测的位置（查询）。

# %%
at.plot_data(
    data.x_test,
    data.y_truth,
    data.x_train,
    data.y_train,
)


# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text: if a new
# run changes one, the build fails
def said(call, *args):
    """The error call(*args) raises."""
    try:
        call(*args)
    except RuntimeError as err:
        return str(err)
    raise AssertionError("no error")


# the dtypes printed under torch.rand
assert sample.dtype == torch.float32
assert ones64.dtype == torch.float64
assert ones32.dtype == torch.float32
assert mixed.dtype == torch.float64
# two vectors: the dot product's words
a, b = sample[:3], ones64
dot = said(torch.matmul, a, b)
assert dot.startswith("dot : ")
# the float64 that * made fails the
# next @ with a float32 tensor
again = said(torch.matmul, mixed, a)
assert again.startswith("dot : ")
# a matrix times a vector, a matrix
# times a matrix: other words, and
# .float() fixes each
mat = a.expand(2, 3)
col = b[:, None]
for right in (b, col):
    got = said(torch.matmul, mat, right)
    assert not got.startswith("dot")
    fixed = mat @ right.float()
    assert fixed.dtype == torch.float32
# x_test[3] is the float32 nearest 0.3
assert x_test[3] == torch.tensor(0.3)
# the Trues printed above: sorting
assert is_sorted
# arange stops before its end
assert not contains_5
# seeds: the same numbers again, and
# make_data keeps the global stream
assert equal
assert same_numbers and untouched
assert repeats
# the rebuild equals make_data()
assert all(train_checks)
assert all(test_checks)

# %% [markdown]
# ## 常见疑问
#
# **为什么要给 `x_train` 排序**？只是为了画图，预测不受影响，见[排序：torch.sort](#排序torchsort)。
#
# **`x_test` 里为什么没有 5**？`torch.arange` 不包括终点（要包括就用 `torch.linspace(0, 5, 51)`），见[测试输入：torch.arange](#测试输入torcharange)。
#
# **`y_truth` 为什么不加噪声**？噪声是谁也预测不了的部分。我们想知道模型离真实函数有多近，所以拿预测和不含噪声的 $f(x)$ 比较，本章所有的“测试 MSE”都是这样算的。
#
# **我运行出来的数和书上、博客上的不一样**？随机种子不同、抽数的顺序不同，都会得到另一组样本。本章所有页面都用同一个种子 `at.SEED`，数据都来自 `make_data`，所以各页的数字彼此一致。
#
# **`torch.rand` 和 `torch.randn` 有什么区别**？`rand` 来自 $[0, 1)$ 上的均匀分布，
# `randn` 来自标准正态分布 $\mathcal{N}(0, 1)$。本章用 `rand` 取输入，用 `normal` 加噪声。
#
# ## 练习
#
# 1. `torch.arange(0, 5, 0.3)` 有多少个元素？最后一个是多少？包括 5 吗？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> x = torch.arange(0, 5, 0.3)
# >>> len(x), round(x[-1].item(), 4)
# (17, 4.8)
# >>> bool((x == 5.0).any())
# False
# ```
#
# $\lceil 5 / 0.3 \rceil = 17$ 个元素，从 0 到 $16 \times 0.3 = 4.8$，终点 5 不包括在内。
#
# </details>
#
# 2. 一组成对的数据 `x`、`y` 没有排序。怎样按 `x` 从小到大排序，同时让每个 `y` 跟着它的 `x` 走？
#
# <details><summary>答案</summary>
#
# 用 `torch.sort` 返回的下标去索引 `y`：
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([2, 0.5, 1])
# >>> y = torch.tensor([20, 5, 10])
# >>> x, indices = torch.sort(x)
# >>> indices
# tensor([1, 2, 0])
# >>> y[indices]
# tensor([ 5, 10, 20])
# ```
#
# </details>
#
# 3. 用 `make_data(n_train=40)` 生成只有 40 个训练样本的数据。各个张量的形状是什么？换一个种子呢？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> small = at.make_data(n_train=40)
# >>> tuple(small.x_train.shape)
# (40,)
# >>> tuple(small.y_train.shape)
# (40,)
# >>> tuple(small.x_test.shape)
# (50,)
# >>> x = small.x_train
# >>> again = at.make_data(n_train=40)
# >>> torch.equal(x, again.x_train)
# True
# >>> other = at.make_data(40, seed=1)
# >>> torch.equal(x, other.x_train)
# False
# ```
#
# 训练样本变成 40 个，测试输入仍是 `arange(0, 5, 0.1)` 的 50 个。同一个种子总是给出同一份数据，换一个种子就是另一份。`n_train` 与 `n_test` 不相等的数据正适合用来发现形状写错的代码，见《[非参数注意力汇聚](nonparametric.py)》一页。
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.data.f">f</autoref>、
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>、
#   <autoref identifier="attention_tutorial.data.ToyData">ToyData</autoref>、
#   <autoref identifier="attention_tutorial.data.describe">describe</autoref>、
#   <autoref identifier="attention_tutorial.data.prints_error">prints_error</autoref>、
#   <autoref identifier="attention_tutorial.figures.curves.plot_data">plot_data</autoref>
# - PyTorch：`torch.rand`、`torch.sort`、`torch.normal`、`torch.arange`、`torch.linspace`、
#   `torch.manual_seed`、`torch.Generator`、`torch.get_rng_state`、`torch.from_numpy`、`Tensor.float`、
#   `Tensor.item`、`torch.equal`、`torch.matmul`（`@`）
# - 张量 API 手册：[随机数与等差序列](handbook/random.py)、[torch.matmul](handbook/matmul.py)
