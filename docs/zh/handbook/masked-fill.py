# %% [markdown]
# # masked_fill 与 <span class="attn-nobr">-inf</span>：在 softmax 里做掩码
#
# 本章去掉每个点自己的键，是从平铺的矩阵里把它剪掉（见《[torch.eye 与布尔掩码](mask.py)》）。Transformer 的代码则保留整个矩阵，把不该算进去的分数写成 $-\infty$。softmax 之后这些位置的权重恰好为 0，因为 $e^{-\infty} = 0$，而每一行的和仍然是 1。
#
# 下面导入的 `at` 是本教程的包：`at.diagram_*` 只用来画图，不属于要学的 PyTorch API。
#
# 代码里的注释是英文的：中文页和英文页运行的是同一份代码（见[手册首页](index.md)）。

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## Tensor.masked_fill
#
# ```python
# Tensor.masked_fill(
#     mask, value
# ) -> Tensor
# # in place
# Tensor.masked_fill_(
#     mask, value
# ) -> Tensor
# ```
#
# 返回张量的一个副本，其中 `mask` 为 `True` 的每个元素都换成 `value`。
#
# - `mask`：**布尔**张量，能广播到原张量的形状。一个针对键的掩码，不论形状是 `(n,)` 还是 `(1, n)`，都在每一行里遮住相同的列（下面第一组例子的最后一行用的是 `(3,)`）。
# - `value`：一个数（或 0 维张量），例如 `float("-inf")`。
#
# 带下划线的版本 `masked_fill_` 直接修改原张量。
#
# ### 例子
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> scores = torch.tensor([
# ...     [0.5, -1.0, 2.0],
# ...     [1.0, 0.0, -0.5],
# ... ])
# >>> mask = torch.tensor([
# ...     [False, True, False],
# ...     [False, False, True],
# ... ])
# >>> inf = float("inf")
# >>> filled = scores.masked_fill(
# ...     mask, -inf
# ... )
# >>> filled
# tensor([[0.5000,   -inf, 2.0000],
#         [1.0000, 0.0000,   -inf]])
# >>> F.softmax(filled, dim=1)
# tensor([[0.1824, 0.0000, 0.8176],
#         [0.7311, 0.2689, 0.0000]])
# >>> # (3,) broadcasts to every row
# >>> first = torch.tensor(
# ...     [True, False, False]
# ... )
# >>> scores.masked_fill(first, -inf)
# tensor([[   -inf, -1.0000,  2.0000],
#         [   -inf,  0.0000, -0.5000]])
# ```
#
# 一行代码实现留一法：把 `(n, n)` 分数矩阵的对角线设为 $-\infty$。
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> scores = torch.zeros(3, 3)
# >>> eye = torch.eye(3, dtype=torch.bool)
# >>> inf = float("inf")
# >>> filled = scores.masked_fill(
# ...     eye, -inf
# ... )
# >>> F.softmax(filled, dim=1)
# tensor([[0.0000, 0.5000, 0.5000],
#         [0.5000, 0.0000, 0.5000],
#         [0.5000, 0.5000, 0.0000]])
# ```
#
# ### 图示
#
# 颜色表示元素的来历：`scores` 的每个元素一种颜色，`filled` 的每个格子保留它所在位置上那个分数的颜色。没加框的格子里仍是那个分数，加了框的已换成 $-\infty$。`mask` 只有真假两种值，不上色；`weights` 是计算出来的新值，也不上色。加框的是被掩码的位置：它们在 `mask` 里是 `True`，在 `filled` 里变成 $-\infty$，在 softmax 之后的 `weights` 里权重为 0（下面打印出来）。

# %%
scores = torch.tensor(  # (2, 3)
    [
        [0.5, -1.0, 2.0],
        [1.0, 0.0, -0.5],
    ]
)
mask = torch.tensor(  # (2, 3)
    [
        [False, True, False],
        [False, False, True],
    ]
)
filled = scores.masked_fill(
    mask,
    float("-inf"),
)
weights = F.softmax(filled, dim=1)
print("weights of the masked cells:")
print(weights[mask].tolist())
at.diagram_masked_fill(scores, mask)

# %% [markdown]
# ### 陷阱
#
# 掩码必须是布尔型。`torch.eye` 默认给出浮点数，不加 `dtype=torch.bool` 直接拿来当掩码，会被拒绝（`masked_fill` 是在副本上调用 `masked_fill_`，所以报错里的名字带下划线）：

# %%
inf = float("inf")
float_mask = torch.eye(2, 3)
try:
    scores.masked_fill(float_mask, -inf)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 已收入报错信息索引：[`masked_fill_ only supports boolean masks`](errors.py#masked_fill_-only-supports-boolean-masks)。

# %% [markdown]
# 更隐蔽的是另一个方向的错误。《[带参数的注意力汇聚](../parametric.py)》一页用 `(1 - torch.eye(n_train)).type(torch.bool)` 做布尔索引，它在对角线以外处处为 `True`，标出的是要**保留**的键。`masked_fill` 的 `True` 却表示“替换”：把这个掩码交给 `masked_fill(..., -inf)`，遮住的恰恰是别的所有键，每个点只剩下自己。softmax 于是给出单位矩阵，每个点都拿自己的标签当预测，整个过程不报任何错：

# %%
# (3, 3): every key scores the same
uniform = torch.zeros(3, 3)
# the parametric page's mask:
# True = keep this key
keep = (1 - torch.eye(3)).bool()
# True = the keys to replace
eye = torch.eye(3, dtype=torch.bool)
filled = uniform.masked_fill(keep, -inf)
only_self = F.softmax(filled, dim=1)
print("masked_fill(keep), softmax:")
print(only_self)
filled = uniform.masked_fill(eye, -inf)
others = F.softmax(filled, dim=1)
print("masked_fill(eye), softmax:")
print(others)

# %% [markdown]
# 给 `masked_fill` 用的留一法掩码是 `eye` 本身（上面第二个输出）：对角线上的权重为 0，其余两个键各得 0.5。
#
# 如果一行里**所有**键都被掩码，就没有权重可分了：每一项都是 $e^{-\infty} = 0$，一行加起来也是 0，softmax 变成 0 除以 0。不报错，只给出 `nan`：

# %%
# row 0: every key masked
mask = torch.tensor(
    [
        [True, True, True],
        [False, False, True],
    ]
)
filled = scores.masked_fill(mask, -inf)
print(F.softmax(filled, dim=1))

# %% [markdown]
# 包里的 <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref> 会检查这种情况，直接报错，点名是掩码的问题。它的 `mask` 里 `True` 表示“可以关注”，与 `masked_fill` 相反（见下面的“两种布尔掩码，两种约定”），所以同一个掩码要写成 `~mask`（`~` 把布尔张量逐元素取反；对 Python 自己的 `True`，`~True` 却是 −2，Python 3.12 起还会警告这种写法已弃用）：

# %%
q = torch.zeros(2, 1)  # (n_queries, d)
kv = torch.zeros(3, 1)  # (n_keys, d)
try:
    at.dot_product_attention(
        q,
        kv,
        kv,
        mask=~mask,
    )
except ValueError as err:
    print("ValueError:", err)

# %% [markdown]
# 已收入报错信息索引：[`mask leaves a query with no key: its softmax would be NaN`](errors.py#mask-leaves-a-query-with-no-key-its-softmax-would-be-nan)。

# %% [markdown]
# d2l 的 `masked_softmax` 则不同，它填入的是 $-10^6$ 而不是 $-\infty$，所以整行都被掩码时，那一行得到的是均匀的权重，而不是 `nan`。
#
# 形状不能广播的掩码会报错：

# %%
# (3, 2): tensor a in the message
wrong = torch.ones(3, 2).bool()
try:
    scores.masked_fill(wrong, -inf)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# 这里的 tensor a 是掩码 `wrong`（最后一维长 2），tensor b 是 `scores`（最后一维长 3）：两者的最后一维（dimension 1）对不上。
#
# 已收入报错信息索引：[`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)。

# %% [markdown]
# ### 两种布尔掩码，两种约定
#
# PyTorch 自己的注意力实现有一个函数和一个模块：`F.scaled_dot_product_attention`（下面简称 SDPA）和 `nn.MultiheadAttention`（下面简称 MHA）。两者的掩码参数都叫 `attn_mask`，它们对布尔掩码里 `True` 的理解，和 `masked_fill` 并不都一样：
#
# - `masked_fill`：`True` 表示“替换”（填入 $-\infty$）；遮住对角线写 `eye`。
# - SDPA：`True` 表示“可以关注”；遮住对角线写 `~eye`。
# - MHA：`True` 表示“**不许**关注”；遮住对角线写 `eye`。
#
# 本包的 <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref> 的 `mask` 参数跟 SDPA 一致。下面三种都试一遍：

# %%
# q, k, v and MHA's weights are random
_ = torch.manual_seed(at.SEED)
q = torch.randn(3, 4)  # (n, d)
k = torch.randn(3, 4)  # (n, d)
v = torch.randn(3, 2)  # (n, d_v)
# SDPA: True = may attend, so hiding
# the diagonal takes ~eye
sdpa = F.scaled_dot_product_attention
out_sdpa = sdpa(q, k, v, attn_mask=~eye)
# masked_fill: True = replace, so the
# same thing takes eye; SDPA divides by
# the square root of d = 4
d = q.shape[-1]
s = q @ k.T / d**0.5  # (3, 3)
s = s.masked_fill(eye, -inf)
by_hand = F.softmax(s, dim=-1) @ v
same = torch.allclose(out_sdpa, by_hand)
print("SDPA with attn_mask=~eye")
print("  same as masked_fill:", same)
# nn.MultiheadAttention: True = blocked,
# so hiding the diagonal takes eye
mha = torch.nn.MultiheadAttention(
    4,
    num_heads=1,
    batch_first=True,
)
x = torch.randn(1, 3, 4)  # (b, n, d)
# the weights: (b, n, n)
_, w_mha = mha(x, x, x, attn_mask=eye)
diagonal = w_mha[0].diagonal()
print("MHA with attn_mask=eye")
print("  diagonal:", diagonal.tolist())


# %% fold="核对本页正文的代码（可以跳过）"
# checks of this page's text
# diagram: the masked cells, and only
# they, get weight 0
zero = (weights == 0).tolist()
assert zero == [
    [False, True, False],
    [False, False, True],
]
# pitfalls: masked_fill(keep) leaves
# each point its own key alone
assert (only_self == torch.eye(3)).all()
# masked_fill(eye): 0 on the diagonal,
# 0.5 elsewhere
half = (1 - torch.eye(3)) / 2
assert (others == half).all()
# the wrong shape: tensor a is the mask,
# tensor b is scores, and their
# dimension 1 does not match
try:
    scores.masked_fill(wrong, -inf)
except RuntimeError as err:
    said = str(err)
assert "tensor a (2)" in said
assert "tensor b (3)" in said
assert said.endswith("dimension 1")
# two boolean masks: SDPA with ~eye is
# masked_fill with eye; MHA with eye
# gives the diagonal weight 0
assert same
assert (diagonal == 0).all()

# %% [markdown]
# ### 本章在哪里用到
#
# 《[从核回归到 Transformer 注意力](../transformer.py)》一页：留一法写成 `scores.masked_fill(eye, float("-inf"))`，并验证它与《[带参数的注意力汇聚](../parametric.py)》一页中用平铺、掩码、reshape 得到的留一键结果相同（为什么要去掉对角线，见《[为什么要留一](../leave-one-out.py)》一页）。《[在二维玩具问题上学习投影](../projections.py)》一页训练时也去掉每个点自己的键：它把 `mask=~own` 传给 `dot_product_attention`，后者在内部写的是 `scores.masked_fill(~mask, float("-inf"))`，遮住的正是 `own`。`own` 是对角线为 `True` 的 `(100, 100)` 布尔矩阵，广播到 10 个模型的 `(10, 100, 100)` 分数上。不用 `masked_fill` 也能得到同一个结果：[torch.where](where.py)。
