# %% [markdown]
# # torch.bmm：批量里每个元素各做一次矩阵乘法
#
# `torch.bmm`（batch matrix multiply，批量矩阵乘法）接收两摞矩阵，一对一对地相乘。
# 本章带参数的模型需要它，因为每个查询都有**自己的**键和值：每个查询做一次小小的乘法，
# 一次调用全部完成。
#
# 下面的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.bmm
#
# ```python
# torch.bmm(
#     input, mat2, *, out=None
# ) -> Tensor
# ```
#
# `input` 形状为 `(b, n, k)`、`mat2` 形状为 `(b, k, m)` 时，返回形状为 `(b, n, m)`
# 的张量，其第 `i` 片是 `input[i] @ mat2[i]`。
#
# - `input`、`mat2`：**三维**张量，批量大小 `b` 相同，dtype 相同；`input`
#   的最后一个轴与 `mat2` 的中间一个轴长度必须相同（`k`）。
#
# 与 [`torch.matmul`](matmul.py) 不同，`bmm` 不广播，也不接受其他维数。
# 这种严格反而是好事：形状写错时它直接报错，不会悄悄广播成别的形状。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> m1 = torch.arange(12.0)
# >>> # (b, n, k)
# >>> m1 = m1.reshape(2, 2, 3)
# >>> # (b, k, m)
# >>> m2 = torch.ones(2, 3, 1)
# >>> # (b, n, m): row sums
# >>> y = torch.bmm(m1, m2)
# >>> y.shape
# torch.Size([2, 2, 1])
# >>> y[:, :, 0]
# tensor([[ 3., 12.],
#         [21., 30.]])
# >>> # slice i = m1[i] @ m2[i]
# >>> torch.equal(y[1], m1[1] @ m2[1])
# True
# ```
#
# 本章的用法：每个查询有一行权重和一行值；把权重变成 `(1, n_keys)` 的行矩阵，
# 把值变成 `(n_keys, 1)` 的列矩阵，每次乘法就是一次加权求和。
# 这里的 `weights` 和 `values` 在后面的图示和陷阱里还会用到。

# %%
# (n_queries, n_keys) = (3, 2)
weights = torch.tensor(
    [
        [0.2, 0.8],
        [0.5, 0.5],
        [1.0, 0.0],
    ]
)
values = torch.tensor(
    [
        [1.0, 2.0],
        [3.0, 5.0],
        [7.0, 9.0],
    ]
)
# (3, 1, 2) @ (3, 2, 1)
y_hat = torch.bmm(
    weights.unsqueeze(1),
    values.unsqueeze(-1),
)
print(tuple(y_hat.shape))
# (n_queries,)
print(y_hat.reshape(-1))
# the same sums, written elementwise
print((weights * values).sum(dim=1))

# %% [markdown]
# ### 图示
#
# 结果的第 `i` 片只来自两个输入的第 `i` 片。在同一片里，`m1` 的格子与 `m2`
# 中同色的格子相乘，乘积再相加。
# 红框是图下方算式里的那几格：它们算出 `y[0, 0, 0]`。

# %%
m1 = torch.arange(12.0).reshape(2, 2, 3)
m2 = torch.arange(6.0).reshape(2, 3, 1)
at.diagram_bmm(
    m1,
    m2,
    names=("m1", "m2"),
)

# %% [markdown]
# 本章的情形（用上面例子里的 `weights` 和 `values`），三个查询、每个查询两个键：
# 每一片都是 `(1, 2) @ (2, 1)` 的乘法，
# 即一个查询的值的加权和。红框仍是图下方算式里的那几格。

# %%
# weights and values: the example's
# (3, 1, 2) @ (3, 2, 1)
at.diagram_bmm(
    weights.unsqueeze(1),
    values.unsqueeze(-1),
    # the panels' labels: this code
    names=(
        "weights.unsqueeze(1)",
        "values.unsqueeze(-1)",
    ),
)

# %% [markdown]
# ### 陷阱
#
# 忘了 `unsqueeze` 就会传入二维张量，`bmm` 拒绝接收（PyTorch 把两个参数叫作
# `batch1` 和 `batch2`）：

# %%
try:
    # (3, 2) and (3, 2): not 3-D
    torch.bmm(weights, values)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`batch1 must be a 3D tensor`](errors.py#batch1-must-be-a-3d-tensor)。

# %% [markdown]
# 值的 `unsqueeze` 位置写错，两个张量都成了 `(3, 1, 2)`，中间的长度对不上：
# PyTorch 要求 `batch2` 的前两维是 `(b, k)`，即 `[3, 2]`（k 取自 `w3` 的最后一维），
# 而 `v3` 的前两维是 `[3, 1]`：

# %%
w3 = weights.unsqueeze(1)  # (3, 1, 2)
v3 = values.unsqueeze(1)  # (3, 1, 2)
try:
    torch.bmm(w3, v3)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`Expected size for first two dimensions of batch2 tensor …`](errors.py#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)。

# %% [markdown]
# 另外，它不做广播，批量大小为 1 也不行（`torch.matmul` 则会广播）：这里 `batch2`
# 的前两维应是 `(b, k)`，即 `[2, 3]`，而 `m2` 的前两维是 `[1, 3]`：

# %%
m1 = torch.ones(2, 2, 3)
m2 = torch.ones(1, 3, 2)
try:
    torch.bmm(m1, m2)
except RuntimeError as err:
    print("RuntimeError:", err)
print(tuple(torch.matmul(m1, m2).shape))

# %% [markdown]
# 已收入报错信息索引：[`Expected size for first two dimensions of batch2 tensor …`](errors.py#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)。

# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# pitfalls: the sizes read from the
# batch2 messages; (b, k) takes b from
# the first tensor, k from its last axis
cases = [
    (w3, v3, [3, 2], [3, 1]),
    (m1, m2, [2, 3], [1, 3]),
]
for first, second, b_k, got in cases:
    size, *_, k = first.shape
    assert b_k == [size, k]
    msg = ""
    try:
        torch.bmm(first, second)
    except RuntimeError as err:
        msg = str(err)
    expected = f"{b_k} but got: {got}"
    assert expected in msg

# %% [markdown]
# ### 本章在哪里用到
#
# [带参数的注意力汇聚](../parametric.py)：模型
# <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>
# 这样算出预测，其中权重 `weights` 和值 `values` 的形状都是 `(n_queries, n_keys)`：
#
# ```python
# # (n_queries, 1, 1)
# y_hat = torch.bmm(
#     weights.unsqueeze(1),
#     values.unsqueeze(-1),
# )
# # (n_queries,): what the model returns
# y_hat.reshape(-1)
# ```
#
# 两次 `unsqueeze` 见《[squeeze 与 unsqueeze](squeeze.py)》。
