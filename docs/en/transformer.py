# %% [markdown]
# # From kernel regression to Transformer attention
#
# The chapter ends with one learnable number $w$ and one-dimensional inputs. A Transformer's
# attention has queries and keys that are vectors, and matrices $W_q$ and $W_k$ where we had $w$.
# A third matrix, $W_v$, acts on the values, which the chapter uses as they are. Its tensors
# carry a batch dimension, and often masks. This page takes the last steps:
#
# - why one w is enough in one dimension;
# - the Gaussian kernel for vectors, and why the scalar $w$ then turns into a matrix;
# - scaled dot-product attention (SDPA) written out and checked against PyTorch's
#   `F.scaled_dot_product_attention` and `nn.MultiheadAttention`;
# - leave-one-out as one `masked_fill`;
# - and the masks of a Transformer: padding and causal.
#
# It builds on the page [From the Gaussian kernel to dot-product attention](dot-product.py). Every
# number on this page was produced by running the code when the site was built.

# %%
import torch
from torch import nn
from torch.nn import functional as F

import attention_tutorial as at


def max_gap(a, b):
    """The largest |a - b|, a float."""
    return (a - b).abs().max().item()


# the chapter's one seed ("_" takes a
# returned value we do not use)
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## Why one w is enough in one dimension
#
# A Transformer gives queries and keys different matrices. What happens when queries and keys
# do not share one factor? This section looks at scalars first. A projection is a learned factor
# that multiplies the query or the key; later it will be a matrix. The smallest projection is a single scalar, and for one-dimensional inputs a $1 \times 1$ matrix
# **is** a scalar. Tied, that is, shared by query and key as in the chapter, such a projection
# only sets the **bandwidth** (see [A gallery of bandwidths](nonparametric.py#a-gallery-of-bandwidths)). Untied, with two different
# numbers $a$ and $b$ for $W_q$ and $W_k$, it can also shift the centre: the score
# ${-\frac{1}{2}(aq - bk)^2} = {-\frac{1}{2}b^2\big(k - \frac{a}{b}q\big)^2}$ moves the kernel's
# centre from the query $q$ to $\frac{a}{b}q$, with width $1/|b|$. The next cell checks this with $a = 4.5$ and $b = 3$ on one query: a Gaussian
# kernel centred on $\frac{a}{b}q$ with width $1/|b|$ must give the same weights, and one left at
# $q$, or of width 1, must not. With $b = 1$ the width would be 1 as well, and a wrong width
# would pass unnoticed.

# %%
# the chapter's 1-D inputs (a local
# generator: the global random state
# stays)
x_1d = at.make_data().x_train  # (50,)
# W_q = a, W_k = b: untied 1 x 1
# projections
a, b = 4.5, 3.0
q0 = x_1d[20].item()  # one query
# (n_train,)
untied = F.softmax(
    -((a * q0 - b * x_1d) ** 2) / 2,
    dim=0,
)
centre, width = a / b * q0, 1 / abs(b)
print(f"a {a}, b {b}, query q {q0:.3f}")
print(
    f"(a/b) q {centre:.3f},",
    f"1/|b| {width:.3f}",
)
print(
    "max |untied - Gaussian kernel|",
    "with",
)
gaps = []
labels = (
    "centre (a/b) q, width 1/|b|",
    "centre q,       width 1/|b|",
    "centre (a/b) q, width 1    ",
)
centres = (centre, q0, centre)
widths = (width, width, 1.0)
for label, c, h in zip(
    labels,
    centres,
    widths,
    strict=True,
):
    # a Gaussian kernel of width h,
    # centred on c, over the keys:
    # (n_train,)
    z = (x_1d - c) / h
    gaussian = F.softmax(
        -(z**2) / 2,
        dim=0,
    )
    gap_c = max_gap(untied, gaussian)
    gaps.append(gap_c)
    print(f"  {label} {gap_c:.1e}")
# the centre (a/b) q and the width 1/|b|
# match; move either and it fails
assert gaps[0] < 1e-6
assert min(gaps[1:]) > 1e-2

# %% [markdown]
# With the right centre and width the gap is float32 rounding; change either and it grows to
# about 0.1 (1.1e-01 and 7.5e-02, printed).
#
# For the chapter's regression a kernel centred away from the query makes no sense: to predict at
# $x$, look at the keys near $x$. Tying ${W_q = W_k = w}$ is the sensible choice, not the only one,
# and once tied its sign does not matter: $w$ and $-w$ give the same predictions. What changes with
# more features is the subject of the next two sections. The rest carries over unchanged: the
# leave-one-out loss ([why leave one out](leave-one-out.py)), training with `nn.Parameter` and an
# optimiser ([parametric attention pooling](parametric.py)), and the dot product plus key bias
# (the [dot-product page](dot-product.py)).

# %% [markdown]
# ## Queries and keys with more than one feature
#
# In the chapter an input is one number $x$. Most real inputs have several features, so let
# $x$ be a vector of $d$ features. The package's two-dimensional toy problem,
# <autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>, draws 100
# training inputs $x = (x_1, x_2)$ uniformly from $[0, 5)^2$ and sets
# $y = f(x_1) + \epsilon$, with the chapter's $f(x) = 2\sin x + x^{0.8}$ and the same noise.
# On this page the subscripts 1 and 2 number the features, not the training samples as on the
# earlier pages; only in $k_j$ and $\alpha_i$ do subscripts still number keys. The
# output depends on x₁ only: **x₂ is a distraction**. The test inputs are a $20 \times 20$ grid,
# so $n_\text{test} = 400 \ne n_\text{train} = 100$: a table of weights is 400 × 100, not square,
# and a mix-up of the two dimensions fails.

# %%
# y depends on x_1 only;
# x_2 is a distraction
data2 = at.make_data_2d()
print(
    "x_train:",
    tuple(data2.x_train.shape),
    " y_train:",
    tuple(data2.y_train.shape),
)
print(
    "x_test: ",
    tuple(data2.x_test.shape),
    " y_truth:",
    tuple(data2.y_truth.shape),
)

# %% [markdown]
# The Gaussian kernel of the [non-parametric page](nonparametric.py) becomes, in $d$ dimensions,
#
# $$K_h(q - k) = \frac{1}{(2\pi)^{d/2} h^d} \exp\left(-\frac{\lVert q - k\rVert^2}{2h^2}\right),$$
#
# the square $(q - k)^2$ turning into the squared length $\lVert q - k\rVert^2$ of the difference
# vector. <autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref>
# computes it by broadcasting `(n_test, 1, d) - (1, n_train, d)`; `torch.cdist` computes the
# distances another way, and the two agree (with `gaussian_kernel_nd`'s default bandwidth $h = 1$):

# %%
# (n_test, n_train)
kernel = at.gaussian_kernel_nd(
    data2.x_test,
    data2.x_train,
)
# (n_test, n_train): |q - k|
distances = torch.cdist(
    data2.x_test,
    data2.x_train,
)
# d = 2: (2 pi)^(d/2) = 2 pi
gauss = torch.exp(-(distances**2) / 2)
reference = gauss / (2 * torch.pi)
gap_kernel = max_gap(kernel, reference)
print("kernel:", tuple(kernel.shape))
print(
    "max |kernel - cdist version| =",
    f"{gap_kernel:.1e}",
)
assert gap_kernel < 1e-6

# %% [markdown]
# ## Why one w becomes a matrix
#
# The chapter's model scores a key by $-\frac{1}{2}\lVert (q - k)\,w\rVert^2$. One number $w$ shrinks
# or stretches **every direction by the same factor**, so the kernel is a round bump: highest at
# the query, falling equally fast in every direction, with circles as contour lines. On this problem
# that is a handicap: a point that is close in x₁ but far in x₂ is a good neighbour, yet the round bump
# punishes the distance in x₂ just as much. To make the bump narrow along x₁ and so wide along
# x₂ that it almost ignores it, each direction needs its own factor, and the factors may mix
# directions: the scalar becomes a matrix $W$ and the score $-\frac{1}{2}\lVert W(q - k)\rVert^2$.
# Entries off the diagonal tilt the bump, for features that matter only in combination; here a
# diagonal $W$ is enough.
#
# The kernel computed above is a round bump and shows this. The next cell takes the
# test query at $(2, 2.5)$, near $x_1 = 2$ where $f$ is highest, and picks two training points: P, almost level with the query along x₁
# but far from it along x₂, and R, more than one unit off along x₁ but almost level along
# x₂. It compares them under such a narrow bump, whose $W$ is the
# diagonal matrix $\operatorname{diag}(3, 0.3)$. For both bumps it prints
# ${\exp\big(-\frac{1}{2}\lVert W(k - q)\rVert^2\big)}$, with $W$ the identity for the round bump.
# The normalising constant is left out: it cancels in the softmax, and without it both bumps
# peak at 1, so the four numbers share one scale.
# To pick P and R it uses `torch.where(condition, input, other)`, which takes `input` where
# `condition` is True and `other` elsewhere, element by element (handbook entry [torch.where](handbook/where.py)): points that fail the
# condition count as `torch.inf`, so `argmin`, the index of the smallest value, never picks
# them. `.norm(dim=1)` is the length of each row's vector:

# %%
# a test query at x_1 = 2, near the top
# of f
target = torch.tensor([2.0, 2.5])
to_target = data2.x_test - target
q_idx = to_target.norm(dim=1).argmin()
query = data2.x_test[q_idx]  # (2,)
# (n_train, 2): k - q
diff = data2.x_train - query
# (n_train,) each
far_x2 = diff[:, 1].abs() > 1.5
far_x1 = diff[:, 0].abs() > 1.0
# P: far along x_2, nearest along x_1
p_idx = torch.where(
    far_x2,
    diff[:, 0].abs(),
    torch.inf,
).argmin()
# R: far along x_1, the nearest of all
r_idx = torch.where(
    far_x1,
    diff.norm(dim=1),
    torch.inf,
).argmin()
# f(x_1): the truth without the noise,
# at the query and at P and R
f_q = data2.y_truth[q_idx].item()
x1_pr = data2.x_train[[p_idx, r_idx], 0]
f_p, f_r = at.f(x1_pr).tolist()
print(
    f"query ({query[0]:.2f},",
    f"{query[1]:.2f}),",
    "f(x_1)",
    f"{f_q:.2f}",
)
for name, j, f_j in (
    ("P", p_idx, f_p),
    ("R", r_idx, f_r),
):
    dx1, dx2 = diff[j].tolist()
    print(
        f"{name}: k - q ({dx1:+.2f},",
        f"{dx2:+.2f}),",
        "f(x_1)",
        f"{f_j:.2f}",
    )
# narrow along x_1, wide along x_2
W_diag = torch.tensor([3.0, 0.3])
# W (k - q): (n_train, 2)
scaled = diff * W_diag
# |W (k - q)|^2, |k - q|^2: (n_train,)
narrow_sq = (scaled**2).sum(dim=1)
round_sq = (diff**2).sum(dim=1)
narrow = torch.exp(-narrow_sq / 2)
# the round bump without its constant
# 1 / (2 pi)
round_bump = torch.exp(-round_sq / 2)
assert torch.allclose(
    round_bump / (2 * torch.pi),
    kernel[q_idx],
)
round_p = round_bump[p_idx].item()
round_r = round_bump[r_idx].item()
narrow_p = narrow[p_idx].item()
narrow_r = narrow[r_idx].item()
print(
    f"round bump:  P {round_p:.3f},",
    f"R {round_r:.3f}",
)
print(
    f"narrow bump: P {narrow_p:.3f},",
    f"R {narrow_r:.3f}",
)
assert round_r > 2 * round_p
assert narrow_p > 10 * narrow_r
# P's truth is the query's; R's is far
# from it
assert abs(f_p - f_q) < 0.1
assert abs(f_r - f_q) > 1.0

# %% [markdown]
# P is level with the query along x₁, and the truth without the noise, $f(x_1)$, is the same
# there as at the query, 3.56; R is 1.13 off along x₁, and its truth is only 2.43. The output
# depends on x₁ alone, so P is the neighbour worth listening to. Yet the round bump gives R a
# much larger kernel value (0.525) than P (0.174): it only looks at the length of the difference.
# The narrow bump reverses this, 0.853 for P and 0.003 for R: it all but ignores the distance
# along x₂. One $w$ can only shrink or stretch the round bump as a whole, never change this order.
#
# A Transformer goes one step further and gives queries and keys **their own** matrices,
# $q' = W_q q$ and $k' = W_k k$, and values a third one, $v' = W_v v$. Why bother, if in one
# dimension untying only moves the kernel's centre? In a Transformer a query and a key play different roles: a word
# may look for its verb, not for itself. The score is a learned match, not a distance, and a
# centre moved away from the query is what such a match needs. Expanding the square works for
# vectors too ([Why Transformers drop the key bias](dot-product.py#why-transformers-drop-the-key-bias)
# on the page of dot-product attention), so “Gaussian kernel after learned projections” is
# **dot-product scores plus one bias per key**. With one feature, $d = 1$, and ${W_q = W_k = w}$,
# $W_v = 1$, it is exactly the chapter's model. <autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref>
# is that model:
#
# - Its three matrices are `nn.Linear` layers made with `bias=False`: they add no constant
#   vector. That bias of a layer is not the key bias (handbook entry [nn.Linear](handbook/linear.py)).
# - With `key_bias=False` it drops the key bias, as a Transformer does.
# - It then also divides the dot product by the square root of $d_k$, the dimension of the
#   projected queries and keys. The next section explains why; it calls this dimension $d$.

# %% [markdown]
# ## Scaled dot-product attention, written out
#
# In words first: every query takes a dot product with every key, which gives a table of scores with
# one row per query; a softmax turns each row into that query's weights over the keys; and the output
# is the average of the values under those weights. Dividing by $\sqrt{d}$ keeps the scores' standard
# deviation from growing with the dimension $d$: if the components of queries and keys are
# independent with mean 0 and variance 1, the dot product $q^\top k$ is a sum of $d$ terms of
# variance 1, so its variance is $d$, its standard deviation is $\sqrt{d}$, and dividing by $\sqrt{d}$ brings it back
# to 1. This matters: the more spread out the scores, the closer the softmax comes to [one-hot](glossary.md#one-hot), one
# key taking almost all the weight and the gradients through the softmax almost vanishing; the
# heatmaps of the leave-one-out section below lean towards that end. As a formula:
#
# $$\operatorname{Attention}(Q, K, V) = \operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d}}\right) V$$
#
# with $Q$ of shape `(n_q, d)`, $K$ of shape `(n_k, d)` and $V$ of shape `(n_k, d_v)`. A model works on
# many sequences at once, for a Transformer sequences of words or tokens, so every tensor gets a leading **batch** dimension.
#
# In code, `@`, which is `torch.matmul`,
# does a matrix product over the last two dimensions and broadcasts the ones in front: the
# “Batched” case, the last one in the handbook entry [torch.matmul](handbook/matmul.py). `K.transpose(-2, -1)` swaps the last two
# dimensions of `K`. Each step of the formula is one short statement (the scores take two: `QK`, then `scores`):

# %%
batch, n_q, n_k, d, d_v = 2, 5, 7, 4, 3
# (batch, n_q, d), (batch, n_k, d) and
# (batch, n_k, d_v)
Q = torch.randn(batch, n_q, d)
K = torch.randn(batch, n_k, d)
V = torch.randn(batch, n_k, d_v)
# (batch, n_q, d) @ (batch, d, n_k)
# -> (batch, n_q, n_k)
QK = Q @ K.transpose(-2, -1)
scores = QK / d**0.5
# (batch, n_q, n_k); each row sums to 1
attention_weights = F.softmax(
    scores,
    dim=-1,
)
# (batch, n_q, n_k) @ (batch, n_k, d_v)
# -> (batch, n_q, d_v)
output = attention_weights @ V
print(
    "scores:",
    tuple(scores.shape),
    " output:",
    tuple(output.shape),
)

# %% [markdown]
# `torch.einsum("bqd,bkd->bqk", Q, K)` can replace the `QK` line's `Q @ K.transpose(-2, -1)`:
# the subscripts say “for each batch element `b`, query `q` and
# key `k`, multiply over the features `d` and sum”, with no transpose; see the handbook entry
# [torch.einsum](handbook/einsum.py). The cell checks the two spellings against each other, then
# computes the same with PyTorch's fused function `F.scaled_dot_product_attention` and with the
# package's <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>,
# the same lines plus checks and masks; the code calls them `sdpa` and `at_sdpa` for short. “Fused” means that the scores, the softmax and the
# weighted average are computed in one call: by a single compiled C++ routine when one fits the
# inputs, otherwise on PyTorch's unfused “math” path of separate operations. Such a routine is
# called a “kernel”, unrelated to the Gaussian kernel.

# %%
# (batch, n_q, n_k)
QK_einsum = torch.einsum(
    "bqd,bkd->bqk",
    Q,
    K,
)
scores_einsum = QK_einsum / d**0.5
gap_einsum = max_gap(
    scores,
    scores_einsum,
)
print(
    "max |scores - scores_einsum| =",
    f"{gap_einsum:.1e}",
)
assert gap_einsum < 1e-6
# PyTorch's fused function; the
# package's also returns the weights
sdpa = F.scaled_dot_product_attention
at_sdpa = at.dot_product_attention
# (batch, n_q, d_v) each
output_sdpa = sdpa(Q, K, V)
output_at, _ = at_sdpa(Q, K, V)
gap_sdpa = max_gap(output, output_sdpa)
gap_at = max_gap(output, output_at)
print(
    "max |output - output_sdpa| =",
    f"{gap_sdpa:.1e}",
)
print(
    "max |output - output_at|   =",
    f"{gap_at:.1e}",
)
assert gap_sdpa < 1e-6 and gap_at == 0

# %% [markdown]
# ### The same weights in nn.MultiheadAttention
#
# `nn.MultiheadAttention` is a Transformer's attention layer: it projects queries, keys and values with
# its own $W_q$, $W_k$, $W_v$, runs scaled dot-product attention, and projects the result once more.
# The idea of the check is simple: **the same matrices must give the same output**. We give it our
# three matrices and one head: a single attention, like the one written out above. It has biases by
# default, so we pass `bias=False`, and we turn off its final projection. It must then give exactly
# what our `ProjectedAttention(key_bias=False)` gives. The cell prints the largest difference in the outputs
# and in the weights.
#
# <details class="note"><summary>Optional: how the cell copies the weights in</summary>
#
# - **Where the matrices live.** `nn.MultiheadAttention` stacks $W_q$, $W_k$ and $W_v$, each
#   $(d, d)$, top to bottom in one parameter `in_proj_weight` of shape $(3d, d)$, so `torch.cat` of
#   our three weights fills it. The final projection is `out_proj`; setting its weight to the
#   identity `torch.eye(d)` turns it off.
# - **Heads.** In [multi-head attention](glossary.md#multi-head-attention), several attentions
#   run side by side, each on its own slice of the projected features; their outputs are joined
#   back together and pass through `out_proj`. With one head, the slice is all of them.
# - **Batch first.** `batch_first=True` puts the batch dimension first, as in our tensors.
# - **Sizes.** The four sizes of `ProjectedAttention` are, in order, the features of a query or key
#   input (`d_in`), of a query or key after its projection (`d_k`), of a value input (`d_value_in`)
#   and of a value after its projection (`d_v`); here all four are $d$. Without `vdim`, the $W_v$
#   block of `in_proj_weight` is $d \times d$, so the values need $d$ features, not the $d_v = 3$ of
#   `V` above: hence a new `V4`.
# - **Writing the numbers in.** A layer's parameter is a [leaf tensor](glossary.md#leaf-tensor)
#   that requires grad (created by the user, not by an operation), and PyTorch refuses
#   in-place writes to such leaves while autograd
#   is recording. Inside `torch.no_grad()` nothing is recorded, so `.copy_` may write in place: the
#   parameter objects stay, only their numbers change.
#
# </details>

# %%
model = at.ProjectedAttention(
    d_in=d,
    d_k=d,
    d_value_in=d,
    d_v=d,
    key_bias=False,
)
assert isinstance(model.W_q, nn.Linear)
print(
    "W_q weight:",
    tuple(model.W_q.weight.shape),
)
print("W_q bias:", model.W_q.bias)
mha = nn.MultiheadAttention(
    d,
    num_heads=1,
    bias=False,
    batch_first=True,
)
# give MultiheadAttention the same three
# matrices, and no output projection
in_proj = torch.cat(
    [
        model.W_q.weight,
        model.W_k.weight,
        model.W_v.weight,
    ]
)
identity = torch.eye(d)
with torch.no_grad():
    mha.in_proj_weight.copy_(in_proj)
    mha.out_proj.weight.copy_(identity)
# built without vdim, MultiheadAttention
# takes values of size d
V4 = torch.randn(batch, n_k, d)
with torch.no_grad():
    # (batch, n_q, d), (batch, n_q, n_k)
    ours, ours_w = model(Q, K, V4)
    # need_weights=True by default: mha
    # also returns the weights, averaged
    # over the heads (here one head)
    theirs, theirs_w = mha(Q, K, V4)
gap_mha = max_gap(ours, theirs)
gap_mha_w = max_gap(ours_w, theirs_w)
print(
    "max |ours - MultiheadAttention|:",
)
print(f"  outputs {gap_mha:.1e}")
print(f"  weights {gap_mha_w:.1e}")
assert gap_mha < 1e-5
assert gap_mha_w < 1e-6

# %% [markdown]
# ## Leave-one-out as a masked softmax
#
# On the page [Parametric attention pooling](parametric.py), every training point got the keys of
# all the **other** points in three steps: tile `x_train` into a square, keep the off-diagonal
# entries with the mask `(1 - torch.eye(n)).type(torch.bool)`, and reshape to `(n, n - 1)`.
#
# A mask does it more simply (what a Transformer masks comes at the end of this section): keep the
# whole square and give the diagonal the score $-\infty$.
# Since $e^{-\infty} = 0$, after the softmax a point's weight on its own key is exactly 0, and the other
# weights still sum to 1. That is one call, `scores.masked_fill(eye, float("-inf"))`, or
# `torch.where(eye, float("-inf"), scores)`; see the handbook page
# [masked_fill and -inf](handbook/masked-fill.py). In the scores, `x_train[:, None]` is a column
# `(n, 1)` and `x_train[None, :]` a row `(1, n)`, and their difference broadcasts to an `(n, n)`
# square; see the handbook page [squeeze and unsqueeze](handbook/squeeze.py). The $w$ is the one the
# parametric page learns, with the same seed and the same training, in the cell after this fold:
#
# <!-- source: attention_tutorial.training.train -->

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
# the parametric page's seed before its
# training: this run repeats it and
# learns the same w
_ = torch.manual_seed(at.SEED)
nw = at.NWKernelRegression()
at.train(nw, x_train, y_train)
# (1,), cut off from the autograd graph
w = nw.w.detach()
print(f"learned w = {w.item():.4f}")

# %%
n_train = len(x_train)
q_col = x_train[:, None]  # (n_train, 1)
k_row = x_train[None, :]  # (1, n_train)
# (n_train, n_train)
diffs = q_col - k_row
scores = -((diffs * w) ** 2) / 2
# (n_train, n_train): True on diagonal
eye = torch.eye(
    n_train,
    dtype=torch.bool,
)
masked = scores.masked_fill(
    eye,
    float("-inf"),
)
# (n_train, n_train)
weights = F.softmax(masked, dim=1)
# (n_train, n_train) @ (n_train,)
# -> (n_train,)
y_masked = weights @ y_train
diagonal = weights.diagonal().unique()
print(
    "weights on the diagonal:",
    diagonal.tolist(),
)

# %% [markdown]
# `diagonal()` takes the diagonal's entries, `unique()` their distinct values: only 0.
# The figure below shows that table and, above it, the same table without the mask. First, the
# numbers needed to read it: the mean weight each point gives its own key without the mask, the
# keys in use, and where the four points of the top-left corner lie.

# %%
# (n_train, n_train): the own key
# included
weights_own = F.softmax(scores, dim=1)
own = weights_own.diagonal()
own_unmasked = own.mean().item()
print(
    "own key's mean weight, no mask:",
    f"{own_unmasked:.2f}",
)


def keys_in_use(weights):
    """1 / sum(weights**2), per row."""
    return 1 / (weights**2).sum(dim=1)


# keys in use per query: (n_train,)
used_own = keys_in_use(weights_own)
used_masked = keys_in_use(weights)
# the smoothness page's test queries
# (all keys, no mask), bandwidth 1/w
_, weights_test = at.nadaraya_watson(
    data.x_test,
    x_train,
    y_train,
    1 / w.item(),
)
per_test = keys_in_use(weights_test)
used_test = per_test.mean().item()
# rows where the mask raises it
raised = used_masked > used_own
rises = raised.sum().item()
# the mask on
top = weights.max(dim=1).values
top_masked = top.mean().item()
print("keys in use per query, mean:")
print(
    "  without the mask",
    f"{used_own.mean():.1f}",
)
print(
    "  with the mask   ",
    f"{used_masked.mean():.1f}",
)
print(
    "  test queries    ",
    f"{used_test:.1f}",
)
print(
    "rows where it rises:",
    f"{rises} of {n_train}",
)
print(
    "mean largest weight, mask on:",
    f"{top_masked:.2f}",
)
# the heatmaps' top-left 4 x 4 block:
# the four leftmost training points
left4 = x_train[:4]  # (4,)
# from the fourth to the fifth point
gap = (x_train[4] - x_train[3]).item()
xs = [f"{v:.2f}" for v in left4]
print("four leftmost x:", ", ".join(xs))
print(
    "gap to the fifth point",
    f"{gap:.2f}",
)
print(
    "kernel width 1/w",
    f"{1 / w.item():.2f}",
)

# %%
label = "scores.masked_fill(eye, -inf)"
at.plot_attention_heatmaps(
    {
        "softmax(scores)": weights_own,
        f"softmax({label})": weights,
    },
    # each training point is a query
    # against the training points
    queries="train",
)

# %% [markdown]
# The training points are sorted by $x$, so points close together have neighbouring numbers.
# Above, without the mask: with a $w$ this large, the points give on average about half of their
# weight to their own key, 0.51 as printed, so about half of a prediction copies the point's own
# label. Below, with the mask, the blocked cells are the diagonal alone, each point's own key: their
# weight is exactly 0, as “weights on the diagonal” printed, drawn in the colour of the empty cells
# far from the diagonal. Every other cell is allowed; the weight goes to the cells just beside the diagonal.
#
# The cell also prints the keys in use per query: $1/\sum_i \alpha_i^2$, averaged over the
# queries, as defined on the non-parametric page under
# [A gallery of bandwidths](nonparametric.py#a-gallery-of-bandwidths). Here the queries are the
# training points, so the values differ from the 2.4 in the table of
# [Why the trained curve is less smooth](smoothness.py) (row “keys in use”, column “trained w”),
# recomputed above as “test queries”. Without the mask a row
# uses about three keys, 2.8 as printed: its own and its two neighbours'. The mask removes one of
# them, and of the two left the nearer usually takes most of the weight (“mean largest weight”,
# the mean of each row's largest weight with the mask on, is 0.62), so only 2.2 stay in use on
# average, although in 8 rows of 50 the count goes up (“rows where it rises”).
#
# Both heatmaps show a 4 × 4 block at the top left, which the mask does not make.
# The four leftmost training points, at 0.11 to 0.18 as printed, lie within 0.07 of one another (first to last), about one
# kernel width $1/w$ (0.06), while the fifth point lies 0.26 beyond the fourth, so
# these four give their weight almost only to one another.
#
# Compare with the chapter's model on the chapter's leave-one-out keys, and with PyTorch's SDPA,
# given the mask through its `attn_mask`. Three things to know about masks:
#
# - **Which way a boolean mask points**: in SDPA's boolean `attn_mask`, `True` means “may
#   attend”, so the mask here is `~eye`: `~` negates a boolean tensor element by element, giving
#   `False` on the diagonal and `True` elsewhere. The boolean `attn_mask` of `nn.MultiheadAttention`
#   is the opposite: `True` means “may not attend”.
# - **A boolean mask has no room for the Gaussian key bias**, so we fold the bias into the
#   vectors: with ${q' = (qw, 1)}$ and ${k' = (kw, -\frac{1}{2}(kw)^2)}$ the dot product $q'^\top k'$
#   is exactly the score ${qkw^2 - \frac{1}{2}(kw)^2}$ of the dot-product page. In the code,
#   `torch.stack([...], dim=-1)` sets two tensors of shape `(n_train,)` side by side along a new
#   last dimension, giving `(n_train, 2)`: one vector per row. `scale=1.0` turns
#   off SDPA's division by $\sqrt{d}$: with these two-feature vectors the default would divide by
#   $\sqrt{2}$ and change the scores.
# - **A float mask does have room for it**: SDPA adds a float `attn_mask` to the scores. With
#   $-\frac{1}{2}(k_jw)^2$ down its column $j$ and $-\infty$ on the diagonal, it carries the key
#   bias for the plain one-feature $q = xw$, $k = xw$; the cell checks that form too. With
#   one feature, SDPA's default scale is 1, so no `scale` is passed.
#   `key_bias.expand(n_train, -1)` takes the key bias of shape `(n_train,)` as one row and repeats
#   it `n_train` times without copying, `-1` keeping that dimension's size; see the handbook page
#   [expand and broadcasting: repeating without copying](handbook/expand.py).

# %%
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(
    x_train,
    y_train,
)
with torch.no_grad():
    # (n_train,)
    y_model = nw(x_train, keys, values)
xw = x_train * w  # q w and k w
# (n_train,): the key bias -(kw)^2 / 2
key_bias = -(xw**2) / 2
# (n_train, 2) each: (q w, 1) and
# (k w, key bias)
q_aug = torch.stack(
    [xw, torch.ones(n_train)],
    dim=-1,
)
k_aug = torch.stack(
    [xw, key_bias],
    dim=-1,
)
# (n_train, 1)
y_sdpa = sdpa(
    q_aug,
    k_aug,
    y_train[:, None],
    attn_mask=~eye,
    scale=1.0,
)
# a float attn_mask is added to the
# scores: the key bias, -inf on the
# diagonal
bias_rows = key_bias.expand(n_train, -1)
float_mask = bias_rows.masked_fill(
    eye,
    float("-inf"),
)
# (n_train, 1): q w and k w, one feature
q_k = xw[:, None]
# (n_train, 1); one feature: the default
# scale 1/sqrt(1) = 1
y_float = sdpa(
    q_k,
    q_k,
    y_train[:, None],
    attn_mask=float_mask,
)
# (n_train, 1) -> (n_train,)
y_sdpa = y_sdpa.reshape(-1)
y_float = y_float.reshape(-1)
gap_model = max_gap(y_masked, y_model)
gap_bool = max_gap(y_masked, y_sdpa)
gap_float = max_gap(y_masked, y_float)
print("max |difference| from y_masked:")
print(
    "  chapter's leave-one-out model ",
    f"{gap_model:.1e}",
)
print(
    "  SDPA, boolean attn_mask = ~eye",
    f"{gap_bool:.1e}",
)
print(
    "  SDPA, float attn_mask         ",
    f"{gap_float:.1e}",
)
assert gap_model < 1e-5
assert gap_bool < 1e-3
assert gap_float < 1e-3

# %% [markdown]
# The masked softmax equals the chapter's model up to float32 rounding. SDPA is further off.
# Why? Not because of the mask. The next cell prints the sizes of the two terms of its scores
# ${(qw)(kw) - \frac{1}{2}(kw)^2}$, and how far these scores, computed in float32, are from the
# same scores in float64:

# %%
# why SDPA is further off: the sizes in
# its scores
size = -key_bias
median = size.quantile(0.5).item()
largest = size.max().item()
print("key bias -(kw)^2 / 2, its size:")
print(
    f"  median {median:.1f},",
    f"largest {largest:.1f}",
)
# (qw)(kw) off the diagonal: the two
# largest x, last when sorted
x_top, x_next = x_train[-1], x_train[-2]
top_qk = (x_top * x_next * w**2).item()
top_diag = (x_top * w).item() ** 2
print("(qw)(kw), at most:")
print(
    "  off the diagonal",
    f"{top_qk:.1f}",
)
print(
    "  on the diagonal ",
    f"{top_diag:.1f}",
)
# the scores q'k' in float32 against the
# same scores in float64
x64, w64 = x_train.double(), w.double()
# (n_train, n_train)
qk64 = x64[:, None] * x64 * w64**2
exact = qk64 - (x64 * w64) ** 2 / 2
scores32 = q_aug @ k_aug.T
err = (scores32 - exact).abs()
score_err = err.masked_fill(eye, 0)
print(
    "a score's float32 error: at most",
    f"{score_err.max().item():.1e}",
)

# %% fold="The code that checks this section's text"
# about half the weight on the own key
# without the mask; none with it
assert 0.4 < own_unmasked < 0.6
assert weights.diagonal().max() == 0
# keys in use: test queries, without and
# with the mask; rows; largest weight
quoted = (
    f"{used_test:.1f}",
    f"{used_own.mean():.1f}",
    f"{used_masked.mean():.1f}",
    str(rises),
    f"{top_masked:.2f}",
)
expected = "2.4 2.8 2.2 8 0.62"
assert " ".join(quoted) == expected
# the four leftmost: one kernel width
# wide, far from the fifth, kept apart
span = left4[-1] - left4[0]
assert f"{span:.2f}" == "0.07"
assert gap * w > 3
leak = weights_own[:4, 4:].sum(dim=1)
assert leak.max() < 1e-3
# the key bias: hundreds to thousands;
# (qw)(kw) up to twice its size
assert 100 < median < 1000
assert 1000 < largest < 10_000
assert top_qk > 1.9 * largest
assert f"{median:.1f}" == "553.4"
twice = f"{2 * largest:.1f}"
assert twice == f"{top_diag:.1f}"
# a few thousand in float32
assert 1e-5 < score_err.max() < 1e-3

# %% [markdown]
# Both terms reach into the thousands: the key bias $-\frac{1}{2}(kw)^2$ is 553.4 in size at the
# median and 2978.6 at most, and the dot-product term
# $(qw)(kw)$ reaches 5827.6 off the diagonal. On the diagonal, where the query is the key itself,
# it is twice the size of the key's own bias, up to 5957.3 for the largest key,
# but the mask hides it there. Computed in float32, scores of a few thousand carry rounding
# errors of up to 5.8e-04 (printed above, against the same scores in float64) before the softmax
# sees them. The softmax ignores what all scores of a row share, but these errors differ from key
# to key, so they change the differences and pass into the weights. See [Why the dot-product form loses accuracy in float32](scale.py#why-the-dot-product-form-loses-accuracy-in-float32).
# The package's version is
# <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>:
#
# <!-- source: attention_tutorial.transformer.masked_leave_one_out -->
#
# ### Masks in a Transformer: padding and causal
#
# Leave-one-out masks the diagonal. A standard Transformer masks neither to leave points out nor
# to carry the key bias, which it drops for the reasons on the dot-product page. Its masks hide
# positions: later words, with a [causal mask](glossary.md#causal-mask), or **padding**, with a [padding mask](glossary.md#padding-mask). The sequences of a batch differ in
# length, the shorter ones are padded to the same length, and the padded keys must get no weight,
# so their columns of scores are filled with $-\infty$. The `masked_softmax` of
# [§10.3 of d2l 0.17](https://classic.d2l.ai/chapter_attention-mechanisms/attention-scoring-functions.html)
# and of the Chinese second edition,
# [§11.3 on today's d2l.ai](https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html),
# does exactly this from each sequence's valid length `valid_lens`. It fills in $-10^6$, which the
# softmax turns into 0 just the same. Written as a boolean mask, it has the shape `(batch, 1, n_k)`: one row of key
# flags per sequence, broadcast over its queries (how broadcasting lets one row hide the same
# columns in every row: the handbook page [masked_fill and -inf](handbook/masked-fill.py#tensormasked_fill)).
# The cell takes `Q`, `K` and `V` of
# [Scaled dot-product attention, written out](#scaled-dot-product-attention-written-out)
# (2 sequences of 5 queries and 7 keys), lets only the first 3 and the first 6 keys be real,
# checks the package's `dot_product_attention` (`at_sdpa` in the code) against SDPA and prints the first sequence's weights:

# %%
# (batch,): real keys per sequence
valid_lens = torch.tensor([3, 6])
# (batch, 1)
lens = valid_lens[:, None]
# (batch, n_k), True = may attend
key_mask = torch.arange(n_k) < lens
# (batch, 1, n_k): the same row for
# every query
pad_mask = key_mask[:, None, :]
pad_out, pad_w = at_sdpa(
    Q,
    K,
    V,
    mask=pad_mask,
)
pad_sdpa = sdpa(
    Q,
    K,
    V,
    attn_mask=pad_mask,
)
gap_pad = max_gap(pad_out, pad_sdpa)
print(
    "max |ours - SDPA|",
    f"{gap_pad:.1e}",
)
print("weights, first sequence:")
for row in pad_w[0].tolist():
    print(*(f"{v:.2f}" for v in row))
assert gap_pad < 1e-6
# no weight on the padded keys
assert (pad_w[0, :, 3:] == 0).all()
assert (pad_w[1, :, 6] == 0).all()

# %% [markdown]
# The last 4 columns, the padded keys, are 0 in every row; each row's weight goes to the first 3
# keys (a printed row may sum to 0.99 or 1.01: rounding).
#
# A causal mask is one expression too: each query may attend only to its own position and the ones
# before it, so the boolean mask for SDPA is a lower triangle (`tril()` keeps the diagonal and
# what lies below it, `True` meaning “may attend”), and SDPA's `is_causal=True` builds exactly
# this mask itself. The cell checks the two on the same `Q`, as queries, keys and
# values at once (self-attention), then shows what the mask does to the weights with the
# package's `dot_product_attention` (`at_sdpa` in the code), which also returns them:

# %%
# (n_q, n_q)
causal = torch.ones(
    n_q,
    n_q,
    dtype=torch.bool,
).tril()
print(causal.long())  # 1 = may attend
by_mask = sdpa(
    Q,
    Q,
    Q,
    attn_mask=causal,
)
by_flag = sdpa(Q, Q, Q, is_causal=True)
gap_causal = max_gap(by_mask, by_flag)
print(
    "max |attn_mask - is_causal|",
    f"{gap_causal:.1e}",
)
assert torch.equal(by_mask, by_flag)
# the package's version also returns the
# weights: (batch, n_q, n_q)
by_at, causal_w = at_sdpa(
    Q,
    Q,
    Q,
    mask=causal,
)
print("weights, second sequence:")
for row in causal_w[1].tolist():
    print(*(f"{v:.2f}" for v in row))
assert max_gap(by_at, by_mask) < 1e-6
# none above the diagonal; the first
# query attends only to itself
assert (causal_w.triu(1) == 0).all()
assert (causal_w[:, 0, 0] == 1).all()
# where a query may attend: (batch, 15)
allowed = causal_w[:, causal]
# no 0.00 printed where it may attend
assert allowed[1].min() >= 0.005
# the first has a 0.00 where it may
# attend; the last two weigh themselves
# most
assert allowed[0].min() < 0.005
# values and indices, (2,) each
top2 = causal_w[1, 3:].max(dim=-1)
assert top2.indices.tolist() == [3, 4]
tops = [f"{v:.2f}" for v in top2.values]
assert tops == ["0.61", "0.63"]
# but not always: the second query
# weighs the first position more
row2 = causal_w[1, 1, :2]
second = [f"{v:.2f}" for v in row2]
assert second == ["0.54", "0.46"]

# %% [markdown]
# The second sequence is printed because in the first an allowed weight rounds to 0.00 and would
# look masked. Above the diagonal every weight is 0: each query shares its weight only among
# itself and the positions before it. The first query has none before it and gives all its
# weight, 1.00, to itself. A query that is also a key often gives itself a large weight: 0.61
# and 0.63 on the diagonal of the last two rows, each its row's largest. Not always: the second
# row gives itself 0.46 and the first position 0.54. With no key bias, a longer key can outscore
# the query's own; the Gaussian kernel of the upper heatmap cannot, since a key's distance to
# itself is 0.
#
# The next page, [Learned projections on a 2-D toy problem](projections.py), trains such
# projections; [What attention costs as n grows](scale.py) measures the price of all this as $n$
# grows.
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>,
#   <autoref identifier="attention_tutorial.data.f">f</autoref>,
#   <autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>,
#   <autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref>,
#   <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>,
#   <autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref>,
#   <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>,
#   <autoref identifier="attention_tutorial.training.train">train</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmaps">plot_attention_heatmaps</autoref>
# - PyTorch, linked to its handbook entry where there is one:
#   `torch.nn.functional.scaled_dot_product_attention` (`attn_mask`, `scale`, `is_causal`),
#   [torch.nn.functional.softmax](handbook/softmax.py#torchnnfunctionalsoftmax),
#   `torch.nn.MultiheadAttention`, [torch.nn.Linear](handbook/linear.py#torchnnlinear),
#   [Tensor.masked_fill](handbook/masked-fill.py#tensormasked_fill), `Tensor.transpose`, `Tensor.T`, `Tensor.tril`,
#   [Tensor.expand](handbook/expand.py#tensorexpand), `Tensor.copy_`,
#   [torch.einsum](handbook/einsum.py#torcheinsum), [torch.matmul](handbook/matmul.py#torchmatmul),
#   indexing with `None` (as [Tensor.unsqueeze](handbook/squeeze.py#tensorunsqueeze) does),
#   [Tensor.detach](handbook/clone.py#tensorclone-and-tensordetach), [torch.eye](handbook/mask.py#torcheye),
#   [torch.where](handbook/where.py#torchwhere), `torch.stack`, `torch.cat`, `torch.randn`, `torch.arange`,
#   `torch.no_grad`, `torch.cdist`, `torch.manual_seed`, `torch.tensor`, `torch.ones`,
#   `torch.exp`, `torch.allclose`, `torch.equal`, [Tensor.reshape](handbook/reshape.py#tensorreshape),
#   `Tensor.norm`, `Tensor.argmin`, `Tensor.max`, `Tensor.sum`, `Tensor.mean`, `Tensor.abs`,
#   `Tensor.quantile`, `Tensor.diagonal`, `Tensor.unique`, `Tensor.double`, `Tensor.long`,
#   `Tensor.triu`, `Tensor.item`, `Tensor.tolist`
