# %% [markdown]
# # From the Gaussian kernel to dot-product attention
#
# Attention in a Transformer uses a **dot product**: the more a query and a key "point the same
# way", the larger their dot product and the larger the weight. The Gaussian kernel used throughout
# this chapter seems a different thing altogether: it measures the **distance** between a query and
# a key. This page shows that the two differ by a single term, and uses PyTorch's own
# `torch.nn.functional.scaled_dot_product_attention` to compute exactly what
# <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>
# computes, up to float32 rounding.

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
# ## Expanding the square
#
# For a query $q$ and a key $k$ the Gaussian-kernel score is $-\frac{1}{2}(q - k)^2$. Expand the
# square:
#
# $$-\frac{1}{2}(q - k)^2 = q k - \frac{1}{2} k^2 - \frac{1}{2} q^2 .$$
#
# The first term, $qk$, is the (one-dimensional) dot product. The second depends on the key only,
# the third on the query only.
#
# The softmax runs over all the keys of one query. The term $-\frac{1}{2}q^2$ is the same for all
# those keys, so it becomes one common factor $e^{-q^2/2}$ in numerator and denominator, and
# cancels:
#
# $$\begin{aligned}
# &\operatorname{softmax}_i\left(-\frac{1}{2}(q - k_i)^2\right) \\
# &\quad = \frac{e^{-q^2/2}\, e^{q k_i - k_i^2/2}}{\sum_j e^{-q^2/2}\, e^{q k_j - k_j^2/2}} \\
# &\quad = \operatorname{softmax}_i\left(q k_i - \frac{1}{2} k_i^2\right) .
# \end{aligned}$$
#
# In words: **Gaussian-kernel attention = dot-product scores + one bias per key,
# $-\frac{1}{2}k_i^2$**. That bias cannot be dropped: it changes from key to key, it is not a
# constant.
#
# Below, the test inputs are the queries and the training inputs the keys, and we compute both
# kinds of score. `queries[:, None]` has shape `(n_test, 1)` and `keys[None, :]` has shape
# `(1, n_train)`; subtracting or multiplying them broadcasts to `(n_test, n_train)`. In every row the
# two scores differ by $\frac{1}{2}q^2$:

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
# The scores differ, yet the weights after the softmax are the same, and equal to the attention
# weights returned by `nadaraya_watson`:

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
# One query, drawn. The left panel (the upper one on a phone) splits its score for each key in
# two: the dot product $qk$ is a straight line, so for this positive query it alone gives the
# largest key the highest score; the key bias $-\frac{1}{2}k^2$ is a downward parabola that pushes
# keys down the further they are from 0. Their sum peaks at the key nearest the query. The dashed
# curve is the Gaussian score, parallel to the sum and $\frac{1}{2}q^2$ below it everywhere. The
# right panel (the lower one) shows the weights both scores give after softmax: the dots lie on
# the line.

# %%
# one test input as the query
q_one = queries[25].item()
print(f"query q = {q_one:.2f}")
at.plot_score_parts(q_one, keys)

# %% [markdown]
# The package's <autoref identifier="attention_tutorial.scores.gaussian_scores">gaussian_scores</autoref>
# and <autoref identifier="attention_tutorial.scores.dot_product_scores">dot_product_scores</autoref>
# compute these two kinds of score.
#
# ## Handing it to PyTorch's SDPA
#
# PyTorch's `F.scaled_dot_product_attention` (SDPA for short) computes
#
# $$\operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d}} + M\right) V ,$$
#
# where `Q` has shape $(L, d)$ ($L$ queries, each a $d$-dimensional vector), `K` has shape $(S, d)$,
# `V` has shape $(S, d_v)$, and the `attn_mask` argument $M$ must broadcast to $(L, S)$. The result
# has shape $(L, d_v)$. For our problem:
#
# - every query, key and value is a single number, a vector with ${d = d_v = 1}$, so we `reshape`
#   them into one column;
# - SDPA divides by $\sqrt{d}$ by default. Here ${d = 1}$ and dividing by 1 changes nothing, but we
#   still pass `scale=1.0` explicitly, to say "no scaling";
# - the key bias $-\frac{1}{2}k^2$ goes in through `attn_mask`. A floating-point `attn_mask` is
#   **added** to the scores; its shape `(1, n_train)` broadcasts to every query. (A boolean
#   `attn_mask` means something else: which keys may take part.)

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
# The difference is only float32 rounding.
#
# ## The parametric version
#
# The parametric model multiplies the distance by $w$:
#
# $$-\frac{1}{2}((q - k) w)^2 = -\frac{1}{2}(qw - kw)^2 .$$
#
# So once both the queries and the keys are multiplied by $w$, the derivation above holds as it is:
# the dot product is $(qw)(kw)$ and the bias is $-\frac{1}{2}(kw)^2$. Below we retrain with the seed of
# the page [Parametric attention pooling](parametric.py), take the learned $w$, run SDPA, and compare
# with the model's prediction
# (<autoref identifier="attention_tutorial.training.predict">predict</autoref>) and with the
# package's <autoref identifier="attention_tutorial.scores.dot_product_pooling">dot_product_pooling</autoref>.
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
# This time SDPA's error is about a hundred times its error at $w = 1$ (the ratio printed above),
# but it is still rounding. (`dot_product_pooling` computes the same dot-product form and shows
# the same error; `predict`, the reference, subtracts before it squares.) The trouble is the size of the two terms: for a large $w$ the dot
# product $(qw)(kw)$ and the bias $\frac{1}{2}(kw)^2$ are both large numbers. The cell below
# prints their median and largest value, the dot product over every query-key pair and the bias
# over every key:

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
# Both reach thousands at their largest, and the bias has a median in the hundreds. Subtracting
# one such number from another loses float32 digits, whereas the distance form takes the
# difference ${q - k}$ first and squares it afterwards, with no such cancellation. Which of the
# two is nearer the exact value? Running `predict` again in float64, with the same $w$, gives a
# reference:

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
# The distance form (`predict`) is much nearer. Mathematically the two forms are identical;
# numerically the distance form is the steadier one.
#
# ## Why Transformers drop the key bias
#
# Here $w$ plays the part of the query and key projection matrices $W_q$, $W_k$ of a Transformer,
# only ${1 \times 1}$, and shared by both. The identity holds in several dimensions too:
#
# $$-\frac{1}{2}\lVert q - k\rVert^2 = q^\top k - \frac{1}{2}\lVert k\rVert^2 - \frac{1}{2}\lVert q\rVert^2 .$$
#
# The dot-product attention of Transformers drops the per-key bias $-\frac{1}{2}\lVert k\rVert^2$.
# That term is not a constant. LayerNorm, a layer of every Transformer, shifts and rescales each
# token's vector to mean 0 and variance 1, then applies a learned scale and shift; but it
# normalises the inputs, not the projected keys, so keys can still differ in length, and a plain
# dot product gives longer keys more extreme scores: a long key pointing the query's way scores
# higher, one pointing away scores lower.
#
# Transformers accept this because they match along learned directions rather than look for what
# is near; the model learns in training to use the keys' lengths or to offset them. Dividing by
# $\sqrt{d}$ keeps the standard deviation of the dot products from growing with the dimension $d$
# (the next page says why).
#
# d2l gives another reason for dropping the term (the English edition, §11.3.1, Dot Product
# Attention in Attention Scoring Functions): batch and layer normalization lead to activations of
# well-bounded, often constant norm, for instance when the keys are a layer norm's output, so
# $\lVert k_i\rVert^2$ can go without much change in the outcome. That holds for a layer norm's
# own output, not for the projected keys (above). So this page does not rest the choice on it.
#
# The next two pages: [From kernel regression to Transformer attention](transformer.py) takes these
# steps in code, with vector queries and keys, learned $W_q$, $W_k$, $W_v$, and a check against
# PyTorch's `nn.MultiheadAttention`; [Learned projections on a 2-D toy problem](projections.py)
# trains such projections on a small problem and shows what dropping the bias costs there.
#
# ## Common confusions
#
# **Isn't $qk - \frac{1}{2}k^2$ a different score?** Yes. It differs from the Gaussian-kernel
# score by $\frac{1}{2}q^2$ in every row, but that term is the same for all keys of a query, so
# after the softmax the weights are the same: the gap between the weights printed above is
# float32 rounding.
#
# Whether the denominator has $x_i$ or $x_j$, and whether the minus sign in the exponent may go:
# these confusions are answered in the section
# [Common confusions](nonparametric.py#common-confusions) of the page
# [Non-parametric attention pooling](nonparametric.py).
#
# ## Exercises
#
# 1. Check that the softmax does not care about a shift: adding one constant to all scores leaves
#    the weights alone, adding a different number to each key does not.
#
# <details><summary>Solution</summary>
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
# The common constant is the $-\frac{1}{2}q^2$ this page cancels; a different number per key is
# the key bias $-\frac{1}{2}k^2$, which is why it cannot be dropped.
#
# </details>
#
# 2. Drop the key bias and use the plain dot product $qk$ (SDPA without `attn_mask`). What is the
#    prediction for the query $q = 0$?
#
# <details><summary>Solution</summary>
#
# For $q = 0$ every dot product is 0, all weights are equal, and the prediction is the mean of all
# values: the keys right next to the query 0 get no more weight than the far ones. The plain dot product looks at "direction" and "length", not at
# "distance"; in one dimension a positive query always favours the largest keys.
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
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.scores.gaussian_scores">gaussian_scores</autoref>,
#   <autoref identifier="attention_tutorial.scores.dot_product_scores">dot_product_scores</autoref>,
#   <autoref identifier="attention_tutorial.scores.dot_product_pooling">dot_product_pooling</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>,
#   <autoref identifier="attention_tutorial.training.train">train</autoref>,
#   <autoref identifier="attention_tutorial.training.predict">predict</autoref>,
#   <autoref identifier="attention_tutorial.figures.score_parts.plot_score_parts">plot_score_parts</autoref>
# - PyTorch: `torch.nn.functional.scaled_dot_product_attention` (arguments `attn_mask`, `scale`),
#   `torch.nn.functional.softmax`, broadcasting, `Tensor.reshape`, `Tensor.detach`
#   (`model.w.detach()`), `Tensor.double`, `Tensor.median`, `Tensor.numel`
# - Tensor API handbook: [softmax and dim](handbook/softmax.py), [expand and broadcasting](handbook/expand.py),
#   [clone and detach](handbook/clone.py)
