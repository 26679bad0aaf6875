# %% [markdown]
# # 从高斯核到点积注意力
#
# Transformer 里的注意力用的是**点积**：查询和键越“同向”，点积越大，权重越大。
# 本章一直用的高斯核看起来完全是另一回事——它看的是查询和键的**距离**。
# 本页说明两者其实只差一项，并用 PyTorch 自带的
# `torch.nn.functional.scaled_dot_product_attention` 算出和
# <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>
# 相同的结果（只差 float32 的舍入误差）。

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
# the roles of the chapter
queries = x_test
keys = x_train
values = y_train
print("queries:", tuple(queries.shape))
print("keys:   ", tuple(keys.shape))
print("values: ", tuple(values.shape))

# %% [markdown]
# ## 把平方展开
#
# 对一个查询 $q$ 和一个键 $k$，高斯核的分数是 $-\frac{1}{2}(q - k)^2$。把平方展开：
#
# $$-\frac{1}{2}(q - k)^2 = q k - \frac{1}{2} k^2 - \frac{1}{2} q^2 .$$
#
# 右边第一项 $qk$ 就是（一维的）点积。第二项只和键有关，第三项只和查询有关。
#
# softmax 是对同一个查询的所有键做的。$-\frac{1}{2}q^2$ 对这些键都一样，
# 它在分子分母里变成同一个因子 $e^{-q^2/2}$，约掉了：
#
# $$\begin{aligned}
# &\operatorname{softmax}_i\left(-\frac{1}{2}(q - k_i)^2\right) \\
# &\quad = \frac{e^{-q^2/2}\, e^{q k_i - k_i^2/2}}{\sum_j e^{-q^2/2}\, e^{q k_j - k_j^2/2}} \\
# &\quad = \operatorname{softmax}_i\left(q k_i - \frac{1}{2} k_i^2\right) .
# \end{aligned}$$
#
# 换句话说：**高斯核注意力 = 点积分数 + 每个键一个偏置 $-\frac{1}{2}k_i^2$**。
# 这个偏置不能省掉：它随键而变，不是常数。
#
# 下面把测试输入当查询、训练输入当键，分别算出两种分数。
# `queries[:, None]` 的形状是 `(n_test, 1)`，`keys[None, :]` 是 `(1, n_train)`，
# 两者相减或相乘时广播成 `(n_test, n_train)`。两种分数每一行相差 $\frac{1}{2}q^2$：

# %%
# (n_test, 1)
q = queries[:, None]
# (1, n_train)
k = keys[None, :]
# (n_test, n_train)
gaussian_scores = -((q - k) ** 2) / 2
# (n_test, n_train)
dot_scores = q * k - k**2 / 2
# (n_test, n_train)
diff = dot_scores - gaussian_scores
print(
    "scores:",
    tuple(gaussian_scores.shape),
)
# (n_test, n_train): 0 up to rounding
rest = diff - q**2 / 2
gap = rest.abs().max().item()
print(
    "max |(dot - gaussian) - q^2/2| =",
    f"{gap:.1e}",
)

# %% [markdown]
# 分数不同，softmax 之后的权重却相同，也和 `nadaraya_watson` 返回的注意力权重相同：

# %%
# (n_test, n_train)
weights_gaussian = F.softmax(
    gaussian_scores,
    dim=1,
)
# (n_test, n_train)
weights_dot = F.softmax(
    dot_scores,
    dim=1,
)
# (n_test, n_train)
_, weights_nw = at.nadaraya_watson(
    queries,
    keys,
    values,
)
delta = weights_dot - weights_gaussian
gap_gaussian = delta.abs().max().item()
delta = weights_dot - weights_nw
gap_nw = delta.abs().max().item()
print("max |weights_dot - other|:")
print(
    "  weights_gaussian:",
    f"{gap_gaussian:.1e}",
)
print(
    "  weights_nw:      ",
    f"{gap_nw:.1e}",
)

# %% [markdown]
# 取一个查询画出来看。左图（窄屏上为上图）把它对每个键的分数拆成两部分：点积 $qk$ 是一条直线，这个查询是正的，只看点积，键越大分数越高；键偏置 $-\frac{1}{2}k^2$ 是一条开口向下的抛物线，键离 0 越远被压得越低。两者相加，最高点正好落在离查询最近的键上。虚线是高斯核分数，与两者之和平行，处处只低 $\frac{1}{2}q^2$。右图（窄屏上为下图）是两种分数经过 softmax 之后的权重：点都落在线上。

# %%
# one test input as the query
q_one = queries[25].item()
print(f"query q = {q_one:.2f}")
at.plot_score_parts(q_one, keys)

# %% [markdown]
# 包里的 <autoref identifier="attention_tutorial.scores.gaussian_scores">gaussian_scores</autoref> 和
# <autoref identifier="attention_tutorial.scores.dot_product_scores">dot_product_scores</autoref>
# 算的就是这两种分数。
#
# ## 交给 PyTorch 的 SDPA
#
# PyTorch 的 `F.scaled_dot_product_attention`（缩写 SDPA）计算
#
# $$\operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d}} + M\right) V ,$$
#
# 其中 `Q` 的形状是 $(L, d)$（$L$ 个查询，每个是 $d$ 维向量），`K` 是 $(S, d)$，`V` 是 $(S, d_v)$，
# `attn_mask` 参数 $M$ 要能广播成 $(L, S)$。结果的形状是 $(L, d_v)$。对应到我们的问题：
#
# - 每个查询、键、值都是一个数，也就是 ${d = d_v = 1}$ 的向量，所以把它们 `reshape` 成一列；
# - SDPA 默认除以 $\sqrt{d}$。这里 ${d = 1}$，除以 1 不改变什么，但我们仍显式传入 `scale=1.0`，
#   表明“不缩放”；
# - 键的偏置 $-\frac{1}{2}k^2$ 通过 `attn_mask` 加进去。浮点型的 `attn_mask` 会被**加到**分数上；
#   它的形状是 `(1, n_train)`，广播到每个查询。（布尔型的 `attn_mask` 含义不同：它表示哪些键可以参与。）

# %%
# (n_test, 1): n_test queries of
# dimension d = 1
q_sdpa = queries.reshape(-1, 1)
# (n_train, 1)
k_sdpa = keys.reshape(-1, 1)
# (n_train, 1)
v_sdpa = values.reshape(-1, 1)
# (1, n_train): -k^2/2, the same row
# for every query
bias = (-(keys**2) / 2).reshape(1, -1)
# (n_test, 1)
y_sdpa = F.scaled_dot_product_attention(
    q_sdpa,
    k_sdpa,
    v_sdpa,
    attn_mask=bias,
    scale=1.0,
)
# (n_test,)
y_nw, _ = at.nadaraya_watson(
    queries,
    keys,
    values,
)
print("y_sdpa:", tuple(y_sdpa.shape))
# (n_test, 1) -> (n_test,)
delta = y_sdpa.reshape(-1) - y_nw
gap_sdpa_w1 = delta.abs().max().item()
print(
    "max |SDPA - nadaraya_watson| =",
    f"{gap_sdpa_w1:.1e}",
)

# %% [markdown]
# 差别只是 float32 的舍入误差。
#
# ## 带参数的版本
#
# 带参数的模型把距离乘以 $w$：
#
# $$-\frac{1}{2}((q - k) w)^2 = -\frac{1}{2}(qw - kw)^2 .$$
#
# 所以只要把查询和键都乘以 $w$，上面的推导原样成立：点积是 $(qw)(kw)$，偏置是 $-\frac{1}{2}(kw)^2$。
# 下面用和《[带参数的注意力汇聚](parametric.py)》一页相同的种子重新训练，取学到的 $w$，
# 用 SDPA 算一遍，再和模型的预测
# （<autoref identifier="attention_tutorial.training.predict">predict</autoref>）以及包里的
# <autoref identifier="attention_tutorial.scores.dot_product_pooling">dot_product_pooling</autoref> 比较。
#
# <!-- source: attention_tutorial.training.train -->

# %%
# the seed of the page parametric:
# the same learned w
_ = torch.manual_seed(at.SEED)
model = at.NWKernelRegression()
# train returns the losses; only the
# learned w is needed here
_ = at.train(model, x_train, y_train)
# (1,), cut off from the autograd graph
w = model.w.detach()
print(f"learned w = {w.item():.4f}")
# (n_train,): -(kw)^2 / 2 per key
bias_w = -((keys * w) ** 2) / 2
# (1, n_train): one row, every query
bias_w = bias_w.reshape(1, -1)
# (n_test, 1): SDPA with the learned w
y_w = F.scaled_dot_product_attention(
    q_sdpa * w,
    k_sdpa * w,
    v_sdpa,
    attn_mask=bias_w,
    scale=1.0,
)
# (n_test,)
y_model = at.predict(
    w,
    queries,
    keys,
    values,
)
# (n_test,)
y_dot, _ = at.dot_product_pooling(
    queries,
    keys,
    values,
    w,
)
# (n_test, 1) -> (n_test,)
delta = y_w.reshape(-1) - y_model
gap_sdpa = delta.abs().max().item()
delta = y_dot - y_model
gap_dot = delta.abs().max().item()
print("max |prediction - predict|:")
print(
    "  SDPA:               ",
    f"{gap_sdpa:.1e}",
)
print(
    "  dot_product_pooling:",
    f"{gap_dot:.1e}",
)
# the learned w against w = 1
ratio = gap_sdpa / gap_sdpa_w1
print(
    "SDPA error, learned w",
    "against w = 1:",
)
print(f"  {ratio:.0f} times as large")
# "about a hundred times"
assert 30 < ratio < 300

# %% [markdown]
# 这次 SDPA 的误差是 $w = 1$ 时的大约一百倍（上面打印的倍数），但仍只是舍入误差。（`dot_product_pooling` 用的也是点积写法，误差相同；作为参照的 `predict` 先相减再平方。）问题出在两项的大小上：
# $w$ 较大时，点积 $(qw)(kw)$ 和偏置 $\frac{1}{2}(kw)^2$ 都是很大的数。下面算出它们的中位数和最大值，
# 点积取遍每一对查询和键，偏置取遍每个键：

# %%
# (n_test,), (n_train,)
qw, kw = queries * w, keys * w
# (n_test, n_train): (qw)(kw), all pairs
products = qw[:, None] * kw[None, :]
# (n_train,): (kw)^2 / 2 of every key
key_bias = kw**2 / 2
terms = (
    ("(qw)(kw)", products),
    ("(kw)^2 / 2", key_bias),
)
# torch's median: for an even count,
# the lower of the two middle values
for name, t in terms:
    n = t.numel()
    print(f"{name}, {n} values:")
    print(
        f"  median {t.median():.0f},",
        f"largest {t.max():.0f}",
    )
# both reach thousands
assert products.max() > 1000
assert key_bias.max() > 1000
# the bias: median in the hundreds
assert 100 < key_bias.median() < 1000

# %% [markdown]
# 两者的最大值都有几千，偏置的中位数也有几百。两个这么大的数相减，会丢掉 float32 的有效数字；
# 而距离形式先算差 ${q - k}$ 再平方，没有这种抵消。
# 哪一种离精确值更近？用同一个 $w$ 在 float64 下再算一遍 `predict`，当作精确值：

# %%
# float64 reference: the same w and data
w64 = w.double()
q64 = queries.double()
k64 = keys.double()
v64 = values.double()
# (n_test,)
exact = at.predict(w64, q64, k64, v64)
delta = y_model - exact
err_predict = delta.abs().max().item()
delta = y_w.reshape(-1) - exact
err_sdpa = delta.abs().max().item()
print(
    "max |prediction - float64 exact|:",
)
print(
    "  predict (distance):",
    f"{err_predict:.1e}",
)
print(
    "  SDPA (dot product):",
    f"{err_sdpa:.1e}",
)
# distance form steadier
assert err_predict * 10 < err_sdpa

# %% [markdown]
# 距离形式（`predict`）的误差小得多。数学上两种写法完全相同，数值上距离形式更稳。
#
# ## Transformer 为什么去掉键偏置
#
# 这里的 $w$ 扮演的正是 Transformer 里查询、键投影矩阵 $W_q$、$W_k$ 的角色，只不过是 ${1 \times 1}$ 的，
# 而且两者共用同一个数。多维时恒等式同样成立：
#
# $$-\frac{1}{2}\lVert q - k\rVert^2 = q^\top k - \frac{1}{2}\lVert k\rVert^2 - \frac{1}{2}\lVert q\rVert^2 .$$
#
# Transformer 的点积注意力去掉了每个键的偏置 $-\frac{1}{2}\lVert k\rVert^2$，而这一项并不是常数。
# Transformer 里有层归一化（LayerNorm）：它把每个词元的向量平移、缩放到均值 0、方差 1，再逐元素乘以可学习的 γ、加上 β。
# 但它规范的是输入，不是投影后的键，各个键的长度仍然可以不同，点积于是让更长的键得到更极端的分数：与查询同向的长键分数更高，反向的长键分数更低。
#
# Transformer 接受这一点，因为它要的是按学到的方向匹配，而不是“离我近”；
# 键的长度由模型在训练中自己学会利用或抵消。
# 除以 $\sqrt{d}$ 则是为了让点积的标准差不随维数 $d$ 增长（下一页细讲）。
#
# d2l 英文版第 11.3.1 节（Attention Scoring Functions 中的 Dot Product Attention）对去掉这一项给出了另一个理由：
# 批归一化和层归一化让激活的范数有界，往往近乎不变（比如键就是层归一化的输出时），
# 所以去掉 $\lVert k_i\rVert^2$，结果不会有大的变化。这对层归一化直接输出的向量成立，
# 对投影后的键却不成立（见上文）。所以本页不拿它当理由。
#
# 接下来的两页：《[从核回归到 Transformer 注意力](transformer.py)》用代码把这几步走一遍——向量形式的查询和键，
# 可学习的 $W_q$、$W_k$、$W_v$，再与 PyTorch 的 `nn.MultiheadAttention` 逐一核对；
# 《[在二维玩具问题上学习投影](projections.py)》在一个小问题上训练这些投影，看去掉键偏置要付出什么代价。
#
# ## 常见疑问
#
# **$qk - \frac{1}{2}k^2$ 不是另一种分数吗**？是。它和高斯核分数每一行都差 $\frac{1}{2}q^2$，但这一项对同一个查询的所有键都一样，softmax 之后权重相同：上面打印的权重之差只是 float32 的舍入误差。
#
# 分母里写 $x_i$ 还是 $x_j$、指数里的负号能不能漏：这些疑问见《[非参数注意力汇聚](nonparametric.py)》一页“[常见疑问](nonparametric.py#常见疑问)”一节。
#
# ## 练习
#
# 1. 验证 softmax 的平移不变性：给所有分数加同一个常数，权重不变；给每个键加不同的数，权重就变了。
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import torch.nn.functional as F
# >>> scores = torch.tensor(
# ...     [0.5, -1.0, 2.0]
# ... )
# >>> base = F.softmax(scores, dim=0)
# >>> added = scores + 3.0
# >>> same = F.softmax(added, dim=0)
# >>> torch.allclose(same, base)
# True
# >>> shift = torch.tensor(
# ...     [0.0, 1.0, 2.0]
# ... )
# >>> moved = scores + shift
# >>> other = F.softmax(moved, dim=0)
# >>> torch.allclose(other, base)
# False
# ```
#
# 加同一个常数，就是本页约掉的 $-\frac{1}{2}q^2$；每个键加不同的数，就是键偏置 $-\frac{1}{2}k^2$，所以它不能省。
#
# </details>
#
# 2. 去掉键的偏置，只用纯点积 $qk$（SDPA 不传 `attn_mask`）。查询 $q = 0$ 的预测是什么？
#
# <details><summary>答案</summary>
#
# $q = 0$ 时所有点积都是 0，权重全部相等，预测就是所有值的平均：紧挨着查询 0 的那些最小的键，并不比远处的键多得一点权重。
# 纯点积看的是“方向”和“长度”，而不是“距离”；一维时，正的查询总是偏爱最大的键。
#
# ```pycon
# >>> import torch
# >>> import torch.nn.functional as F
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> k = data.x_train.reshape(-1, 1)
# >>> v = data.y_train.reshape(-1, 1)
# >>> q = torch.zeros(1, 1)
# >>> F.scaled_dot_product_attention(
# ...     q, k, v, scale=1.0
# ... )
# tensor([[2.4252]])
# >>> data.y_train.mean()
# tensor(2.4252)
# ```
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.scores.gaussian_scores">gaussian_scores</autoref>、
#   <autoref identifier="attention_tutorial.scores.dot_product_scores">dot_product_scores</autoref>、
#   <autoref identifier="attention_tutorial.scores.dot_product_pooling">dot_product_pooling</autoref>、
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、
#   <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>、
#   <autoref identifier="attention_tutorial.training.train">train</autoref>、
#   <autoref identifier="attention_tutorial.training.predict">predict</autoref>、
#   <autoref identifier="attention_tutorial.figures.score_parts.plot_score_parts">plot_score_parts</autoref>
# - PyTorch：`torch.nn.functional.scaled_dot_product_attention`（参数 `attn_mask`、`scale`）、
#   `torch.nn.functional.softmax`、广播、`Tensor.reshape`、`Tensor.detach`（`model.w.detach()`）、`Tensor.double`、`Tensor.median`、`Tensor.numel`
# - 张量 API 手册：[softmax 与 dim](handbook/softmax.py)、[expand 与广播](handbook/expand.py)、
#   [clone 与 detach](handbook/clone.py)
