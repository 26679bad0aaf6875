# %% [markdown]
# # 带参数的注意力汇聚
#
# 《[非参数注意力汇聚](nonparametric.py)》一页的 Nadaraya-Watson 估计里，高斯核的宽度固定为 1，没有任何东西可以学习。
# 本页给它加上**一个**可学习的标量 $w$，让模型自己从数据里决定核该有多宽：
#
# $$\hat f(x) = \sum_{i=1}^{n} \operatorname{softmax}\left(-\tfrac{1}{2}\big((x - x_i)\, w\big)^2\right) y_i .$$
#
# softmax 对 $i$（所有键）进行。$w$ 乘在距离 $x - x_i$ 上：$|w|$ 越大，距离被放得越大，
# 稍远一点的键权重就掉得越快；$w = 1$ 时就是那一页的模型。这一页的主线是：
# 用 `torch.bmm` 写出批量的加权平均，用“留一法”构造训练用的键和值，训练 $w$，再看拟合结果和注意力权重。

# %%
import torch
from torch import nn
from torch.nn import functional as F

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# 数据和前几页相同：`make_data` 用固定的种子抽出 50 个训练样本；50 个测试输入是网格 $0, 0.1, \ldots, 4.9$。

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = len(x_train)
n_test = len(x_test)
print(
    "n_train =",
    n_train,
    " n_test =",
    n_test,
)

# %% [markdown]
# ## 可学习的参数
#
# `torch.rand(1)` 只是一个普通张量；用 `nn.Parameter` 包一层之后，它的 `requires_grad` 变为 `True`，
# 反向传播时 PyTorch 会为它计算梯度。放进 `nn.Module` 的属性里时，它还会被
# `module.parameters()` 自动收集，交给优化器更新。

# %%
plain = torch.rand(1)  # (1,)
w = nn.Parameter(torch.rand(1))  # (1,)
print(
    "plain tensor: requires_grad =",
    plain.requires_grad,
)
print(
    "nn.Parameter: requires_grad =",
    w.requires_grad,
)
print(
    "nn.Parameter: shape =",
    tuple(w.shape),
)

# %% [markdown]
# ## 批量矩阵乘法
#
# 训练时每个查询都有自己的一行键和值（下一节会看到原因），所以不能像非参数那一页那样用一次 `matmul`
# 把同一个值向量乘给所有行。`torch.bmm(X, Y)` 一次做一批互相独立的矩阵乘法：
# `X` 的形状是 $(b, n, m)$，`Y` 的形状是 $(b, m, p)$，结果是 $(b, n, p)$，
# 第 $k$ 个结果就是 `X[k] @ Y[k]`。两个输入必须都是三维的，批量大小 $b$ 必须相同。

# %%
# (2, 1, 4): a batch of two 1x4 matrices
X = torch.ones((2, 1, 4))
# (2, 4, 6): a batch of two 4x6 matrices
Y = torch.ones((2, 4, 6))
# (2, 1, 4) @ (2, 4, 6) -> (2, 1, 6)
print(tuple(torch.bmm(X, Y).shape))

# %% [markdown]
# 加权平均怎么变成 `bmm`？设有 3 个查询，每个查询有 4 个权重和 4 个值，都排成 `(3, 4)` 的矩阵。
# `unsqueeze(1)` 在第 1 维插入长度为 1 的维度，把每行权重变成 $1 \times 4$ 的行向量；
# `unsqueeze(-1)` 在最后插入一维，把每行值变成 $4 \times 1$ 的列向量。
# 行向量乘列向量得到 $1 \times 1$ 的矩阵，正好是这一行的加权和；最后 `reshape(-1)` 把它摊平。

# %%
# (3, 4): each row averages 4 values
weights = torch.full((3, 4), 0.25)
# 0, 1, ..., 11
numbers = torch.arange(12.0)
# (3, 4): the rows 0-3, 4-7 and 8-11
values_small = numbers.reshape((3, 4))
# (3, 1, 4): a 1x4 row per query
rows = weights.unsqueeze(1)
# (3, 4, 1): a 4x1 column per query
columns = values_small.unsqueeze(-1)
print(
    "weights.unsqueeze(1): ",
    tuple(rows.shape),
)
print(
    "values.unsqueeze(-1):",
    tuple(columns.shape),
)
# (3, 1, 4) @ (3, 4, 1) -> (3, 1, 1)
pooled = torch.bmm(rows, columns)
print(
    "bmm:",
    tuple(pooled.shape),
    "-> reshape(-1):",
    tuple(pooled.reshape(-1).shape),
)
# (3,)
print(pooled.reshape(-1))
# the same as multiplying element by
# element and summing each row
products = weights * values_small
same_sum = torch.equal(
    pooled.reshape(-1),
    products.sum(dim=1),
)
print(same_sum)
assert same_sum

# %% [markdown]
# 三行值分别是 0 到 3、4 到 7、8 到 11，平均值正是上面打印的三个数；
# 最后一行说明 `bmm` 的结果和“逐元素相乘再按行求和”完全相同。
#
# ## 留一法的键和值，一步一步来
#
# 训练时，查询就是训练输入 $x_i$ 本身。如果 $x_i$ 也出现在它自己的键里，
# 模型只要把 $|w|$ 调得很大，就能让 $x_i$ 只关注自己、直接抄下自己的标签 $y_i$，
# 训练损失会一路降到 0（《[为什么要留一](leave-one-out.py)》一页专门画出了这件事）。
# 所以第 $i$ 个训练样本的键和值要去掉它自己，只剩另外 $n - 1$ 个。
#
# 第一步：`repeat((n_train, 1))` 把整个 `x_train` 当作一行，纵向复制 `n_train` 次，
# 得到每一行都是 `x_train` 的方阵。注意它和 `repeat_interleave` 不同：后者是把每个元素紧挨着重复。

# %%
# (n_train, n_train), rows = x_train
x_tiled = x_train.repeat((n_train, 1))
print("x_tiled:", tuple(x_tiled.shape))
rows_are_x_train = (
    torch.equal(x_tiled[0], x_train),
    torch.equal(x_tiled[-1], x_train),
)
print(*rows_are_x_train)
assert all(rows_are_x_train)

# %% [markdown]
# 第二步：做一个对角线为 `False`、其余为 `True` 的布尔掩码。`torch.eye(n_train)` 是单位矩阵
# （对角线为 1，其余为 0），代码里叫 `eye`；`1 - eye` 把它反过来，`.type(torch.bool)` 把 0/1 变成
# `False`/`True`。下面只打印左上角 $4 \times 4$ 的一块。

# %%
# (n_train, n_train), 1 on the diagonal
eye = torch.eye(n_train)
# (n_train, n_train), False on diagonal
mask = (1 - eye).type(torch.bool)
print(
    "mask:",
    tuple(mask.shape),
    mask.dtype,
)
print(mask[:4, :4])

# %% [markdown]
# 第三步：用布尔掩码索引。`x_tiled[mask]` 按行的顺序取出所有为 `True` 的位置，
# 结果是一个一维张量，长度为 $n(n-1)$。每一行恰好少了一个元素（对角线上的那个），
# 所以再 `reshape((n_train, -1))` 就得到 `(n_train, n_train - 1)`：第 $i$ 行是去掉 $x_i$ 之后的全部训练输入。
# 值 `y_train` 用同一个掩码处理，保证键和值一一对应。

# %%
# (n_train * (n_train - 1),), row by row
flat = x_tiled[mask]
print(
    "x_tiled[mask]:",
    tuple(flat.shape),
)
# (n_train, n_train - 1)
keys = flat.reshape((n_train, -1))
# (n_train, n_train)
y_tiled = y_train.repeat((n_train, 1))
# (n_train * (n_train - 1),): same mask
flat_y = y_tiled[mask]
# (n_train, n_train - 1)
values = flat_y.reshape((n_train, -1))
print(
    "keys:",
    tuple(keys.shape),
    " values:",
    tuple(values.shape),
)

# %% [markdown]
# 检查一下：第 $i$ 行应当正好等于把 `x_train` 的第 $i$ 个元素删掉后剩下的部分。
# `torch.cat` 把删除位置前后的两段拼起来作为对照。包里的
# <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>
# 做的就是上面三步。


# %%
def without(j):
    # (n_train - 1,): all but x_train[j]
    before = x_train[:j]
    after = x_train[j + 1 :]
    return torch.cat([before, after])


i = 3
# (n_train - 1,)
without_i = without(i)
x_i = x_train[i].item()
print(f"x_train[{i}] = {x_i:.4f}")
drops_i = torch.equal(
    keys[i],
    without_i,
)
print(
    f"keys[{i}] drops exactly",
    f"x_train[{i}]:",
    drops_i,
)
# row j of the expected keys: without(j)
expected = []
for j in range(n_train):
    expected.append(without(j))
every_row = torch.equal(
    keys,
    torch.stack(expected),
)
print(
    "the same holds for every row:",
    every_row,
)
keys_pkg, values_pkg = at.leave_one_out(
    x_train,
    y_train,
)
same_as_package = (
    torch.equal(keys, keys_pkg),
    torch.equal(values, values_pkg),
)
print(
    "same as at.leave_one_out:",
    *same_as_package,
)
assert drops_i and every_row
assert all(same_as_package)

# %% [markdown]
# ## 模型
#
# <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>
# 是一个 `nn.Module`，唯一的参数是 `w`，实际上就是 `nn.Parameter(torch.rand(1))`（包里多传了一个可选的 `generator`）。
# $w$ 的初值是随机的，所以创建模型之前重新设一次种子：这样每次运行得到的初值都相同，
# 后面《[训练后的曲线为何不平滑](smoothness.py)》一页重新训练时也能得到同一个 $w$。

# %%
# same seed -> the same initial w
_ = torch.manual_seed(at.SEED)
model = at.NWKernelRegression()
w_initial = model.w.item()
print(f"initial w = {w_initial:.4f}")
named = model.named_parameters()
print(
    "parameters:",
    [name for name, _ in named],
)

# %% [markdown]
# 它的前向计算与前面各步一一对应：把每个查询重复 $n - 1$ 次排成 `(n_train, n_train - 1)` 的矩阵，
# 算出 $-\frac{1}{2}((x - x_i) w)^2$，沿 `dim=1` 做 softmax，再用 `bmm` 做加权和。
# 下面手算一遍，打印每一步的形状，最后和 `model(...)` 的结果比较。

# %%
# each training point sees the other
# n_train - 1 points
n_keys = n_train - 1
# (n_train * n_keys,)
queries = x_train.repeat_interleave(
    n_keys,
)
# (n_train, n_keys)
queries = queries.reshape((-1, n_keys))
# (n_train, n_keys)
diffs = (queries - keys) * model.w
scores = -(diffs**2) / 2
# (n_train, n_keys)
attention_weights = F.softmax(
    scores,
    dim=1,
)
# row vectors: (n_train, 1, n_keys)
rows = attention_weights.unsqueeze(1)
# column vectors: (n_train, n_keys, 1)
columns = values.unsqueeze(-1)
# (n_train, 1, 1)
y_hat_train = torch.bmm(
    rows,
    columns,
)
# (n_train,)
y_hat_flat = y_hat_train.reshape(-1)
print(
    "attention_weights:",
    tuple(attention_weights.shape),
)
print(
    "unsqueeze(1):     ",
    tuple(rows.shape),
)
print(
    "unsqueeze(-1):    ",
    tuple(columns.shape),
)
print(
    "bmm:              ",
    tuple(y_hat_train.shape),
)
print(
    "reshape(-1):      ",
    tuple(y_hat_flat.shape),
)
same_as_model = torch.allclose(
    y_hat_flat,
    model(x_train, keys, values),
)
print(
    "same as model(...):",
    same_as_model,
)
assert same_as_model

# %% [markdown]
# ## 训练
#
# 损失是每个训练样本的平方误差之和。<autoref identifier="attention_tutorial.training.train">train</autoref>
# 的核心就是下面这个循环：`nn.MSELoss(reduction='none')` 返回每个样本自己的平方误差
# （不求平均），`.sum()` 把它们加成损失 $L$，`backward()` 算出 $\partial L / \partial w$，
# 优化器 `torch.optim.SGD` 再以学习率 0.5 用它更新 $w$（下面第二条语句把 `model.parameters()` 交给它）。每轮都用全部 50 个样本算一次梯度、更新一次，一共 5 轮：
# 虽然用的是名为 SGD（随机梯度下降）的类，这里做的其实是[**全批量梯度下降**](glossary.md#full-batch-gradient-descent)，没有任何随机抽样。
#
# ```python
# loss = nn.MSELoss(reduction="none")
# trainer = torch.optim.SGD(
#     model.parameters(),
#     lr=0.5,
# )
# for epoch in range(5):
#     # clear the old gradient
#     trainer.zero_grad()
#     # (n_train,)
#     squared_errors = loss(
#         model(x_train, keys, values),
#         y_train,
#     )
#     # d(sum)/dw, stored in model.w.grad
#     squared_errors.sum().backward()
#     # w <- w - lr * grad
#     trainer.step()
# ```
#
# `train` 返回每一轮更新前的损失。
#
# <!-- source: attention_tutorial.training.train -->

# %%
# 5 epochs of SGD, lr = 0.5
losses = at.train(
    model,
    x_train,
    y_train,
)
for epoch, epoch_loss in enumerate(
    losses,
    start=1,
):
    print(
        f"epoch {epoch},",
        f"loss {epoch_loss:.4f}",
    )
w_learned = model.w.item()
print(f"learned w = {w_learned:.4f}")

# %%
at.plot_loss(losses)

# %% [markdown]
# 第一轮的损失是用随机初值算的；第一步更新之后损失骤降，之后几轮几乎不再变化。
# 上面打印的 $w$ 比初值大了很多，也就是核变得窄得多。第一步为什么把它甩到这里、这是不是好事，
# 留到《[训练后的曲线为何不平滑](smoothness.py)》一页讨论。
#
# ## 在测试集上预测
#
# 预测时，查询是测试输入 `x_test`，键和值是**全部**训练数据：测试输入本来就不在训练集里，
# 用不着留一。每个查询拿到同样的一行键，所以用 `repeat((n_test, 1))` 铺成 `n_test` 行。
# （预测后面的 `.detach()` 为什么不能少，见下面“[画图之前先 detach](#画图之前先-detach)”一节。）

# %%
# (n_test, n_train), rows = x_train
keys_test = x_train.repeat((n_test, 1))
# (n_test, n_train)
values_test = y_train.repeat(
    (n_test, 1),
)
# (n_test,)
y_hat = model(
    x_test,
    keys_test,
    values_test,
).detach()
print(
    "keys_test:",
    tuple(keys_test.shape),
    " y_hat:",
    tuple(y_hat.shape),
)
y_truth = data.y_truth
# (n_test,)
errors = y_hat - y_truth
mse_learned = (errors**2).mean().item()
# w = 1: the non-parametric page's model
mse_w1 = at.mse_against_truth(
    1.0,
    x_test,
    y_truth,
    x_train,
    y_train,
)
print(
    "test MSE against the true f:",
    f"{mse_learned:.4f}",
)
print(
    "the same with w = 1:        ",
    f"{mse_w1:.4f}",
)
assert mse_learned < mse_w1 / 2
at.plot_fit(
    x_test,
    y_truth,
    y_hat,
    x_train,
    y_train,
)

# %% [markdown]
# 和非参数那一页相比，虚线更贴近训练点，也明显更“抖”。最后一行打印的是 $w = 1$ 时的测试误差，也就是非参数那一页的模型的误差
# （和那一页打印的数相同）。学到的 $w$ 把它降到了约三分之一。不过这还不是最好的：那一页“[不同带宽一览](nonparametric.py#不同带宽一览)”一节里还有误差更小的带宽，
# 原因留到《[训练后的曲线为何不平滑](smoothness.py)》一页讨论。
#
# ## 注意力权重
#
# 前向计算时模型把每行权重存在 `model.attention_weights` 里，形状是 `(n_test, n_train)`：
# 每行一个查询（测试输入），每列一个键（训练输入）。和非参数那一页的热图相比，
# 权重集中的那条带窄了很多：每个查询只把权重分给离它最近的少数几个训练点。

# %%
# (n_test, n_train): a row per query
weights_test = model.attention_weights
print(
    "attention_weights:",
    tuple(weights_test.shape),
)
print(
    "requires_grad:",
    weights_test.requires_grad,
)
at.plot_attention_heatmap(
    weights_test,
    queries=x_test,
    keys=x_train,
)

# %% [markdown]
# ## 画图之前先 detach
#
# 画图函数最终要把张量交给 NumPy/matplotlib。一个需要梯度的张量（例如 `nn.Parameter`，
# 或者由它算出来、还连着计算图的结果）不能直接调用 `.numpy()`，否则会得到
# `Can't call numpy() on Tensor that requires grad` 这个错误：

# %%
needs_grad = torch.ones(
    2,
    requires_grad=True,
)
# the message, wrapped at 40 characters
with at.prints_error(
    RuntimeError,
    width=40,
):
    needs_grad.numpy()
print(needs_grad.detach().numpy())

# %% [markdown]
# 已收入报错信息索引：[`Can't call numpy() on Tensor that requires grad`](handbook/errors.py#cant-call-numpy-on-tensor-that-requires-grad)。

# %% [markdown]
# 报错信息已经给出了解决办法：先 `.detach()`，得到一个共享数据、但脱离计算图的张量。
# 不少人在画训练后的注意力权重时遇到这个错误，因为那些权重是由 $w$ 算出来的。
# 本教程的模型在保存 `attention_weights` 时已经调用了 `.detach()`（上面打印的
# `requires_grad` 是 `False`），所以可以直接画图。
#
# ## 常见疑问
#
# **为什么要去掉对角线**？掩码的对角线对应“第 $i$ 个查询和第 $i$ 个键”，也就是训练点和它自己。
# 留下它，训练就会把 $|w|$ 推向无穷大、每个点只抄自己的标签；去掉它，模型只能用邻居来预测自己，
# 这正是它在测试集上要做的事。详见《[为什么要留一](leave-one-out.py)》。
#
# **为什么只学一个标量 $w$，而不是每个键一个**？一个 $w$ 就是一个共享的核宽度，
# 模型仍然是“按距离加权平均”，只是宽度由数据决定。如果每个键有自己的 $w_i$，50 个点就有 50 个参数，
# 每个点周围的窗口可以随意伸缩，用 50 个带噪声的样本很难把它们都估准，也更容易去迁就噪声。
# 本页只想演示“注意力汇聚里也可以有参数”，一个标量就够了。
#
# **这到底是注意力，还是 k 近邻**？是注意力汇聚：每个键都有一个由查询与键的相似度决定的软权重，
# 而且权重对 $w$ 可导，可以用梯度下降训练。k 近邻只取最近的 $m$ 个点、各给相同权重
# （记作 $m$，因为 $k$ 已经用来表示键）。
# 当 $|w|$ 很大时，最近的那个键几乎拿走全部权重，模型就退化成 1-近邻；
# 训练出的 $w$ 偏向这个极端，但还没到：热图里那条窄窄的带说明权重集中在最近的几个键上，
# 不过对多数查询，权重仍是软的，分给了不止一个键；少数查询离一个训练点很近、离其余的都远，
# 已经把几乎全部权重给了这一个键，在那里它和 1-近邻已无差别（见《[训练后的曲线为何不平滑](smoothness.py)》）。
#
# **学到的 $w$ 是什么？它为什么让权重更集中**？得分是 $-\frac{1}{2}(x - x_i)^2 w^2$。
# $w^2$ 越大，同样的距离扣分越多，softmax 之后远处键的权重衰减得越快，权重就集中到最近的几个键上。
# 换句话说，$1/|w|$ 就是高斯核的带宽，$w$ 是带宽的倒数。
#
# **打印的损失和别的版本差了一半**？这里的损失是平方误差之和，前面没有 $\frac{1}{2}$；
# 有的教材在平方损失前面乘 $\frac{1}{2}$，有的取平均，打印的数值自然对不上。损失的最低点不变，
# 但梯度随损失一起缩放：损失减半，等于学习率减半，同样训练 5 轮，$w$ 走到的地方就不同了
# （各版 d2l 在这一点上的差别，见《[与〈动手学深度学习〉对照](d2l-map.md#框架之间的差别)》）。
#
# ## 练习
#
# 1. 不用包里的函数，为 `x = torch.tensor([1.0, 2.0, 3.0, 4.0])` 构造留一法的键，并说出结果的形状。
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor(
# ...     [1.0, 2.0, 3.0, 4.0]
# ... )
# >>> n = len(x)
# >>> eye = torch.eye(n)
# >>> mask = (1 - eye).type(torch.bool)
# >>> tiled = x.repeat((n, 1))
# >>> flat = tiled[mask]
# >>> keys = flat.reshape((n, -1))
# >>> keys
# tensor([[2., 3., 4.],
#         [1., 3., 4.],
#         [1., 2., 4.],
#         [1., 2., 3.]])
# >>> tuple(keys.shape)
# (4, 3)
# ```
#
# </details>
#
# 2. 权重和值的形状都是 `(5, 7)` 时，`torch.bmm(weights.unsqueeze(1), values.unsqueeze(-1))`
#    的形状是什么？它和 `(weights * values).sum(dim=1)` 有什么关系？
#
# <details><summary>答案</summary>
#
# 形状是 `(5, 1, 1)`：5 个 $(1 \times 7) \cdot (7 \times 1)$ 的乘积。`reshape(-1)` 之后就是按行的加权和。
#
# ```pycon
# >>> import torch
# >>> g = torch.Generator()
# >>> _ = g.manual_seed(0)
# >>> weights = torch.rand(
# ...     (5, 7), generator=g
# ... )
# >>> values = torch.rand(
# ...     (5, 7), generator=g
# ... )
# >>> out = torch.bmm(
# ...     weights.unsqueeze(1),
# ...     values.unsqueeze(-1),
# ... )
# >>> tuple(out.shape)
# (5, 1, 1)
# >>> products = weights * values
# >>> torch.allclose(
# ...     out.reshape(-1),
# ...     products.sum(dim=1),
# ... )
# True
# ```
#
# </details>
#
# 3. 把初值换成 $w = 1$（`at.NWKernelRegression(w=1.0)`）再训练 5 轮。学到的 $w$ 和上面的差得多吗？
#
# <details><summary>答案</summary>
#
# 差得不多：16.6 对 16.2。两种初值下，第一步都跳到了一个大得多的 $w$，之后几轮几乎不动。
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> model = at.NWKernelRegression(
# ...     w=1.0
# ... )
# >>> losses = at.train(
# ...     model,
# ...     data.x_train,
# ...     data.y_train,
# ... )
# >>> round(model.w.item(), 1)
# 16.6
# ```
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>、
#   <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>、
#   <autoref identifier="attention_tutorial.training.train">train</autoref>、
#   <autoref identifier="attention_tutorial.figures.curves.plot_loss">plot_loss</autoref>、
#   <autoref identifier="attention_tutorial.figures.curves.plot_fit">plot_fit</autoref>、
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmap">plot_attention_heatmap</autoref>、
#   <autoref identifier="attention_tutorial.analysis.mse_against_truth">mse_against_truth</autoref>
# - PyTorch：`nn.Parameter`、`torch.bmm`、`Tensor.unsqueeze`、`Tensor.repeat`、`torch.eye`、
#   布尔掩码索引、`nn.MSELoss`、`torch.optim.SGD`、`Tensor.detach`
# - 张量 API 手册：[torch.bmm](handbook/bmm.py)、[squeeze 与 unsqueeze](handbook/squeeze.py)、[repeat_interleave 与 repeat](handbook/repeat.py)、[torch.eye 与布尔掩码](handbook/mask.py)、[Parameter、MSELoss、SGD](handbook/training.py)
