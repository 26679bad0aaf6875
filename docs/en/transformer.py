# %% [markdown]
# # From kernel regression to Transformer attention
#
# The chapter ends with one learnable number $w$ and one-dimensional inputs. A Transformer's
# attention has queries and keys that are vectors, matrices $W_q$, $W_k$, $W_v$ where we had $w$, a
# batch dimension, and masks. This page takes the last steps: the Gaussian kernel for vectors, why
# the scalar $w$ turns into a matrix, scaled dot-product attention written out and checked against
# PyTorch's own `F.scaled_dot_product_attention` and `nn.MultiheadAttention`, leave-one-out as one
# `masked_fill`, and a small model with learned projections trained on a two-dimensional toy problem
# and compared with the chapter's model.
#
# It builds on the page [From the Gaussian kernel to dot-product attention](dot-product.py). Every
# number and figure on this page was produced by running the code when the site was built.

# %%
import torch
from torch import nn
from torch.nn import functional as F

import attention_tutorial as at

_ = torch.manual_seed(at.SEED)  # the one seed of the whole chapter

# %% [markdown]
# ## Queries and keys with more than one feature
#
# In the chapter an input is one number $x$. Most real inputs have several features, so let
# $x \in \mathbb{R}^d$. The package's two-dimensional toy problem
# (<autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>) draws 100
# training inputs $x = (x_1, x_2)$ uniformly from $[0, 5)^2$ and sets
# $y = f(x_1) + \epsilon$, with the chapter's $f(x) = 2\sin x + x^{0.8}$ and the same noise. The
# output depends on $x_1$ only: **$x_2$ is a distraction**. The test inputs are a $20 \times 20$ grid,
# so $n_\text{test} = 400 \ne n_\text{train} = 100$.

# %%
data2 = at.make_data_2d()  # y depends on x_1 only; x_2 is a distraction
print("x_train:", tuple(data2.x_train.shape), " y_train:", tuple(data2.y_train.shape))
print("x_test: ", tuple(data2.x_test.shape), " y_truth:", tuple(data2.y_truth.shape))

# %% [markdown]
# The Gaussian kernel of the [non-parametric page](nonparametric.py) becomes, in $d$ dimensions,
#
# $$K_h(q - k) = \frac{1}{(2\pi)^{d/2} h^d} \exp\left(-\frac{\lVert q - k\rVert^2}{2h^2}\right),$$
#
# the square $(q - k)^2$ turning into the squared length $\lVert q - k\rVert^2$ of the difference
# vector. <autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref>
# computes it by broadcasting `(n_test, 1, d) - (1, n_train, d)`; `torch.cdist` computes the
# distances another way, and the two agree:

# %%
kernel = at.gaussian_kernel_nd(data2.x_test, data2.x_train)  # (n_test, n_train)
distances = torch.cdist(data2.x_test, data2.x_train)  # (n_test, n_train): |q - k|
# d = 2: (2 pi)^(d/2) = 2 pi
reference = torch.exp(-(distances**2) / 2) / (2 * torch.pi)
gap_kernel = (kernel - reference).abs().max().item()
print(
    "kernel:", tuple(kernel.shape), f" max |kernel - cdist version| = {gap_kernel:.1e}"
)
assert gap_kernel < 1e-6

# %% [markdown]
# ## Why one *w* becomes a matrix
#
# The chapter's model scores a key by $-\frac{1}{2}\lVert (q - k)\,w\rVert^2$. One number $w$ shrinks
# or stretches **every direction by the same factor**: the kernel is a round bump. Here that is a
# waste: a point that is close in $x_1$ but far in $x_2$ is a good neighbour, yet the round bump
# punishes the distance in $x_2$ just as much. To stretch $x_1$ and ignore $x_2$, each direction
# needs its own factor, and the factors may mix directions: the scalar becomes a matrix $W$ and the
# score $-\frac{1}{2}\lVert W(q - k)\rVert^2$.
#
# A Transformer goes one step further and gives queries and keys **their own** matrices,
# $q' = W_q q$ and $k' = W_k k$, and values a third one, $v' = W_v v$. In PyTorch each is an
# `nn.Linear` layer without bias (see the handbook entry [nn.Linear](handbook/linear.py)). The
# expansion of the square from the [dot-product page](dot-product.py) still holds for vectors:
#
# $$-\tfrac{1}{2}\lVert q' - k'\rVert^2 = q'^\top k' - \tfrac{1}{2}\lVert k'\rVert^2 - \tfrac{1}{2}\lVert q'\rVert^2 ,$$
#
# and the last term cancels in the softmax. So "Gaussian kernel after learned projections" is
# **dot-product scores plus one bias per key**; with $W_q = W_k = wI$ it is exactly the chapter's
# model. <autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref>
# is that model; with `key_bias=False` it drops the bias, as a Transformer does, and divides by
# $\sqrt{d_k}$ instead.
#
# ## Scaled dot-product attention, written out
#
# $$\operatorname{Attention}(Q, K, V) = \operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d}}\right) V$$
#
# with $Q$ of shape $(n_q, d)$, $K$ of shape $(n_k, d)$ and $V$ of shape $(n_k, d_v)$. A model works on
# many sequences at once, so every tensor gets a leading **batch** dimension. `@` (`torch.matmul`)
# multiplies the last two dimensions and broadcasts the ones in front
# ([torch.matmul](handbook/matmul.py), case 5), and `K.transpose(-2, -1)` swaps the last two
# dimensions of `K`: one line per formula step.

# %%
batch, n_q, n_k, d, d_v = 2, 5, 7, 4, 3
Q = torch.randn(batch, n_q, d)  # (batch, n_q, d)
K = torch.randn(batch, n_k, d)  # (batch, n_k, d)
V = torch.randn(batch, n_k, d_v)  # (batch, n_k, d_v)
# (batch, n_q, d) @ (batch, d, n_k) -> (batch, n_q, n_k)
scores = Q @ K.transpose(-2, -1) / d**0.5
attention_weights = F.softmax(scores, dim=-1)  # (batch, n_q, n_k), each row sums to 1
# (batch, n_q, n_k) @ (batch, n_k, d_v) -> (batch, n_q, d_v)
output = attention_weights @ V
print("scores:", tuple(scores.shape), " output:", tuple(output.shape))

# %% [markdown]
# The first line's `Q @ K.transpose(-2, -1)` can also be written
# `torch.einsum("bqd,bkd->bqk", Q, K)`: the subscripts say "for each batch `b`, query `q` and key
# `k`, multiply over the features `d` and sum", with no transpose (handbook entry
# [torch.einsum](handbook/einsum.py)). The cell checks the two spellings against each other, then
# computes the same with PyTorch's fused function and with the package's
# <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>
# (the same lines, plus checks and masks).

# %%
scores_einsum = torch.einsum("bqd,bkd->bqk", Q, K) / d**0.5  # (batch, n_q, n_k)
gap_einsum = (scores - scores_einsum).abs().max().item()
print(f"max |Q @ K.transpose(-2, -1) - einsum('bqd,bkd->bqk')| = {gap_einsum:.1e}")
assert gap_einsum < 1e-6
output_sdpa = F.scaled_dot_product_attention(Q, K, V)  # (batch, n_q, d_v)
output_at, _ = at.dot_product_attention(Q, K, V)  # (batch, n_q, d_v)
gap_sdpa = (output - output_sdpa).abs().max().item()
gap_at = (output - output_at).abs().max().item()
print(f"max |ours - F.scaled_dot_product_attention| = {gap_sdpa:.1e}")
print(f"max |ours - at.dot_product_attention|       = {gap_at:.1e}")
assert gap_sdpa < 1e-6 and gap_at == 0

# %% [markdown]
# ### The same weights in nn.MultiheadAttention
#
# `nn.MultiheadAttention` is the layer of a Transformer: it projects queries, keys and values with
# its own $W_q$, $W_k$, $W_v$ (stacked in one parameter `in_proj_weight` of shape $(3d, d)$), runs
# scaled dot-product attention in each head, and projects the result once more with `out_proj`.
# With one head, no biases, our three matrices copied in and `out_proj` set to the identity, it must
# give exactly what our `ProjectedAttention(key_bias=False)` gives:

# %%
model = at.ProjectedAttention(d_in=d, d_k=d, d_value_in=d, d_v=d, key_bias=False)
print("W_q:", model.W_q)
mha = nn.MultiheadAttention(d, num_heads=1, bias=False, batch_first=True)
# give MultiheadAttention the same three matrices, and no output projection
with torch.no_grad():
    mha.in_proj_weight.copy_(
        torch.cat([model.W_q.weight, model.W_k.weight, model.W_v.weight])
    )
    mha.out_proj.weight.copy_(torch.eye(d))
# MultiheadAttention wants d_v = d here
V4 = torch.randn(batch, n_k, d)  # (batch, n_k, d)
with torch.no_grad():
    ours, ours_weights = model(Q, K, V4)  # (batch, n_q, d), (batch, n_q, n_k)
    theirs, theirs_weights = mha(Q, K, V4)  # the same shapes
gap_mha = (ours - theirs).abs().max().item()
gap_mha_weights = (ours_weights - theirs_weights).abs().max().item()
print(f"max |ours - MultiheadAttention|      = {gap_mha:.1e}")
print(f"max |weights - MultiheadAttention's| = {gap_mha_weights:.1e}")
assert gap_mha < 1e-5 and gap_mha_weights < 1e-6

# %% [markdown]
# ## Leave-one-out as a masked softmax
#
# On the page [Parametric attention pooling](parametric.py), every training point got the keys of
# all the **other** points in three steps: tile `x_train` into a square, keep the off-diagonal
# entries with the mask `(1 - torch.eye(n)).type(torch.bool)`, and reshape to `(n, n - 1)`. The
# Transformer way keeps the square and gives the diagonal the score $-\infty$ instead:
# $e^{-\infty} = 0$, so after the softmax a point's weight on its own key is exactly 0, and the other
# weights still sum to 1. That is one line, `scores.masked_fill(eye, float("-inf"))` (handbook:
# [masked_fill and -inf](handbook/masked-fill.py)). We take the $w$ that the parametric page learns
# (same seed, same training):
#
# <!-- source: attention_tutorial.training.train -->

# %%
data = at.make_data()
x_train, y_train = data.x_train, data.y_train
_ = torch.manual_seed(at.SEED)  # the seed of the page parametric -> the same learned w
nw = at.NWKernelRegression()
at.train(nw, x_train, y_train)
w = nw.w.detach()  # (1,), cut off from the autograd graph
print(f"learned w = {w.item():.4f}")

# %%
n_train = len(x_train)
scores = -(((x_train[:, None] - x_train[None, :]) * w) ** 2) / 2  # (n_train, n_train)
eye = torch.eye(n_train, dtype=torch.bool)  # (n_train, n_train), True on the diagonal
weights = F.softmax(scores.masked_fill(eye, float("-inf")), dim=1)  # (n_train, n_train)
y_masked = weights @ y_train  # (n_train, n_train) @ (n_train,) -> (n_train,)
print("weights on the diagonal:", weights.diagonal().unique().tolist())

# %% [markdown]
# Compare with the chapter's model on the chapter's leave-one-out keys, and with SDPA's boolean
# `attn_mask` (`True` = may attend, so the mask is `~eye`; the boolean `attn_mask` of
# `nn.MultiheadAttention` is the opposite, `True` = may not attend: see the handbook's
# [masked_fill and -inf](handbook/masked-fill.py)). A boolean mask leaves no room for the
# Gaussian key bias, so we fold the bias into the vectors: with $q' = (qw, 1)$ and
# $k' = (kw, -\frac{1}{2}(kw)^2)$ the dot product $q'^\top k'$ is exactly the score
# $qkw^2 - \frac{1}{2}(kw)^2$ of the dot-product page.
#
# <!-- source: attention_tutorial.transformer.masked_leave_one_out -->

# %%
keys, values = at.leave_one_out(x_train, y_train)  # (n_train, n_train - 1) each
with torch.no_grad():
    y_chapter = nw(x_train, keys, values)  # (n_train,)
# (n_train, 2): (q w, 1)
q_aug = torch.stack([x_train * w, torch.ones(n_train)], dim=-1)
k_aug = torch.stack([x_train * w, -((x_train * w) ** 2) / 2], dim=-1)  # (n_train, 2)
y_sdpa = F.scaled_dot_product_attention(
    q_aug, k_aug, y_train[:, None], attn_mask=~eye, scale=1.0
)  # (n_train, 1)
gap_chapter = (y_masked - y_chapter).abs().max().item()
# (n_train, 1) -> (n_train,)
gap_bool = (y_masked - y_sdpa.reshape(-1)).abs().max().item()
print(f"max |masked - chapter's leave-one-out model|    = {gap_chapter:.1e}")
print(f"max |masked - SDPA, boolean attn_mask = ~eye|   = {gap_bool:.1e}")
assert gap_chapter < 1e-5 and gap_bool < 1e-3

# %% [markdown]
# The masked softmax equals the chapter's model up to float32 rounding. SDPA is further off, and
# not because of the mask: with $w \approx 16$ the products $(qw)(kw)$ and $\frac{1}{2}(kw)^2$ run
# into the thousands and their difference loses float32 digits, the cancellation explained on the
# [dot-product page](dot-product.py). The package's version is
# <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>.
#
# ## A small model with learned projections
#
# Now train on the two-dimensional toy problem, with the masked leave-one-out loss
# (<autoref identifier="attention_tutorial.toy2d.train_leave_one_out">train_leave_one_out</autoref>:
# full-batch Adam, 300 steps, learning rate 0.1, mean squared error), two models on the same data:
#
# - the chapter's model, one $w$ for both directions
#   (<autoref identifier="attention_tutorial.transformer.ScalarKernelAttention">ScalarKernelAttention</autoref>);
# - `ProjectedAttention(d_in=2, d_k=2)`: $W_q$ and $W_k$ of shape $2 \times 2$ and a $1 \times 1$
#   $W_v$, Gaussian form (with the key bias).
#
# The test error is the mean squared error against the true $f(x_1)$ on the 400 grid points
# (<autoref identifier="attention_tutorial.toy2d.mse_on_test">mse_on_test</autoref>).
#
# Adam (`torch.optim.Adam`) is a variant of gradient descent that keeps, for every parameter, a
# running average of its gradients and of their squares, and divides the first by the square root
# of the second: every parameter moves by steps of roughly the same size, whether its gradient is
# large or small. The entries of the projections have gradients of very different sizes, where
# plain SGD would either crawl or diverge. It is used like SGD: `zero_grad`, `backward`, `step`
# (handbook: [Training: Parameter, MSELoss, SGD](handbook/training.py)).
#
# <!-- source: attention_tutorial.toy2d.train_leave_one_out -->

# %%
x2_train, y2_train = data2.x_train, data2.y_train  # (100, 2), (100,)
# the chapter's model: one w for both directions
scalar = at.ScalarKernelAttention(w=1.0)
losses_scalar = at.train_leave_one_out(scalar, x2_train, y2_train, steps=300, lr=0.1)
# nn.Linear draws its initial weights from the global generator
_ = torch.manual_seed(at.SEED)
projected = at.ProjectedAttention(d_in=2, d_k=2)  # W_q, W_k: (2, 2); W_v: (1, 1)
losses_projected = at.train_leave_one_out(
    projected, x2_train, y2_train, steps=300, lr=0.1
)
mse_scalar = at.mse_on_test(scalar, data2)
mse_projected = at.mse_on_test(projected, data2)
print(
    f"one w:       w = {scalar.w.item():.3f}, loss {losses_scalar[-1]:.3f}, "
    f"test MSE {mse_scalar:.3f}"
)
print(f"projections: loss {losses_projected[-1]:.3f}, test MSE {mse_projected:.3f}")
print(
    f"one w, change of the loss in the last step: {losses_scalar[-2] - losses_scalar[-1]:.1e}"
)
assert mse_projected < mse_scalar
assert abs(losses_scalar[-2] - losses_scalar[-1]) < 1e-6  # one w has stopped moving

# %% [markdown]
# ### One seed says little
#
# One $w$ starts at 1 and its training draws no random numbers; its loss no longer changes in the
# last step above, so its result does not depend on a seed. The projections start from random
# numbers: another seed, and Adam starts somewhere else. Below, one projection model per seed 0 to
# 9, with its test error after 300 and after 1,000 steps.
#
# Ten calls of `train_leave_one_out` would take 13,000 steps, too slow for this page. The ten
# models' parameters stack along a batch dimension instead: $W_q$ and $W_k$ into $(10, 2, 2)$,
# $W_v$ into $(10, 1, 1)$, and one forward pass gives the ten leave-one-out losses. Each loss
# depends on its own model's parameters only, and Adam updates every entry on its own, so one Adam
# step on the **sum** of the ten losses is one step of each model. The initial weights come from
# `ProjectedAttention`; the attention is the few lines written earlier on this page (dot product
# minus half the key's squared length, $-\infty$ on the diagonal, softmax) with one more batch
# dimension in front; the test error comes from `mse_on_test`. Seed 0 must give the model trained
# above with `train_leave_one_out`.

# %%
seeds = range(10)
models = []
for seed in seeds:
    _ = torch.manual_seed(seed)  # each model's initial W_q, W_k, W_v
    models.append(at.ProjectedAttention(d_in=2, d_k=2))
W_q10 = torch.stack(
    [m.W_q.weight.detach() for m in models]
).requires_grad_()  # (10, 2, 2)
W_k10 = torch.stack(
    [m.W_k.weight.detach() for m in models]
).requires_grad_()  # (10, 2, 2)
W_v10 = torch.stack(
    [m.W_v.weight.detach() for m in models]
).requires_grad_()  # (10, 1, 1)
own = torch.eye(len(x2_train), dtype=torch.bool)  # (100, 100): True on the diagonal
optimizer = torch.optim.Adam([W_q10, W_k10, W_v10], lr=0.1)
mse_seeds, loss_seeds = {}, {}
for step in range(1, 1001):
    optimizer.zero_grad()
    q = x2_train @ W_q10.transpose(-2, -1)  # (100, 2) @ (10, 2, 2) -> (10, 100, 2)
    k = x2_train @ W_k10.transpose(-2, -1)  # (10, 100, 2)
    v = y2_train[:, None] @ W_v10.transpose(-2, -1)  # (10, 100, 1)
    # the Gaussian form q . k - |k|^2 / 2: (10, 100, 100)
    scores = q @ k.transpose(-2, -1) - (k**2).sum(dim=-1)[:, None, :] / 2
    # each point's own key masked out: (10, 100, 100)
    weights = F.softmax(scores.masked_fill(own, float("-inf")), dim=-1)
    y_hat = (weights @ v).squeeze(-1)  # (10, 100, 1) -> (10, 100)
    losses = ((y_hat - y2_train) ** 2).mean(dim=1)  # (10,): one loss per model
    losses.sum().backward()
    optimizer.step()
    if step in (300, 1000):
        loss_seeds[step] = losses.detach()  # (10,)
        with torch.no_grad():
            for model, W_q_s, W_k_s, W_v_s in zip(
                models, W_q10, W_k10, W_v10, strict=True
            ):
                model.W_q.weight.copy_(W_q_s)
                model.W_k.weight.copy_(W_k_s)
                model.W_v.weight.copy_(W_v_s)
        mse_seeds[step] = torch.tensor([at.mse_on_test(m, data2) for m in models])
for step, mse in mse_seeds.items():
    print(
        f"projections, {step:>5,} steps: test MSE median {mse.quantile(0.5):.3f}, "
        f"range {mse.min():.3f}-{mse.max():.3f}; "
        f"leave-one-out loss median {loss_seeds[step].quantile(0.5):.3f}"
    )
    print("  seed by seed:", mse.numpy().round(3))
better = int((mse_seeds[300] < mse_scalar).sum())
print(f"one w, 300 steps: test MSE {mse_scalar:.3f} (no random start)")
print(f"seeds whose projections beat one w at 300 steps: {better} of 10")
assert abs(mse_seeds[300][at.SEED] - mse_projected) < 1e-4  # seed 0 = the model above
assert mse_seeds[300].quantile(0.5) < mse_scalar and better == 9
assert mse_seeds[300].max() > 3 * mse_scalar  # one seed is stuck
assert loss_seeds[1000].quantile(0.5) < loss_seeds[300].quantile(0.5)
assert mse_seeds[1000].quantile(0.5) > mse_seeds[300].quantile(0.5)

# %% [markdown]
# At 300 steps the projections' median test error is far below one $w$'s, and nine seeds of ten
# beat it; but one seed is stuck, with an error several times that of one $w$: its Adam run fell
# into a poor region and does not leave it within 300 steps. More freedom is also more ways to go
# wrong.
#
# The step budget matters as well. Another 700 steps lower the leave-one-out loss further, yet the
# median test error **rises**: the models spend the extra steps fitting the noise of the training
# set. 300 steps is a budget, not convergence, and a different budget changes the gap between the
# two models. So the precise statement is: with a budget of 300 steps, the median over ten seeds
# beats one $w$.
#
# Back to the model of seed 0 (the same as `projected`). What did it learn? The part of the score
# that links a query to a key is $q^\top W_q^\top W_k\, k$, so the matrix to read is
# $M = W_q^\top W_k$ ($W_q$ and $W_k$ alone are not unique: rotate both and $M$ stays). Row and
# column 0 belong to $x_1$,
# row and column 1 to $x_2$:

# %%
W_q = projected.W_q.weight.detach()  # (d_k, d_in) = (2, 2)
W_k = projected.W_k.weight.detach()  # (2, 2)
M = W_q.T @ W_k  # (2, 2): the score's query-key term is x^T M x_i
A = W_k.T @ W_k  # (2, 2): the key bias is -x_i^T A x_i / 2
centre = torch.linalg.solve(A, M.T)  # (2, 2): query x's kernel is centred on centre @ x
print("W_v =", round(projected.W_v.weight.item(), 3))
print("M =", M.numpy().round(2))
print("A =", A.numpy().round(2))
print("A^-1 M^T =", centre.numpy().round(2))
print("kernel width along x_1, x_2:", A.diagonal().rsqrt().numpy().round(2))
assert M[0, 0] > 5 * M[1, 1].abs() and M[0, 1] > 2 * M[1, 1].abs()
assert A[0, 0] > 3 * A[1, 1]  # narrower along x_1 than along x_2
assert 0.8 < centre[0, 0] < 1.5 and centre[0, 1].abs() < 0.2  # centre's x_1 follows x_1
at.plot_matrices({"W_q": W_q, "W_k": W_k, "W_qᵀ W_k": M})

# %% [markdown]
# $M_{00}$, the weight of $x_1$, is many times $M_{11}$, the weight of $x_2$. The top-right
# $M_{01}$ is not small either: it multiplies the query's $x_1$ with the key's $x_2$. $M$ alone does
# not give the kernel's shape, because the key bias holds the key's coordinates too. For a fixed
# query $x$ the score is a quadratic function of the key $k$; completing the square,
#
# $$x^\top M k - \tfrac{1}{2} k^\top A k = -\tfrac{1}{2}(k - c)^\top A\,(k - c) + \text{const}, \qquad A = W_k^\top W_k,\quad c = A^{-1} M^\top x .$$
#
# The kernel is an elliptical Gaussian bump in key space: $A$ sets its width in each direction and
# $c$ is its centre. $A_{00}$ is several times $A_{11}$, so the bump is clearly narrower along $x_1$
# (width $1/\sqrt{A_{00}}$) than along $x_2$: the model looks mostly at $x_1$ without ignoring
# $x_2$ entirely. $M_{01}$ and the off-diagonal entry of $A$ together place the centre: row 0 of the
# centre matrix $A^{-1}M^\top$ is close to $(1, 0)$, so the bump's $x_1$ follows the query's
# $x_1$; row 1 moves the centre's $x_2$ with the query as well, but along $x_2$ the bump is wide and
# the move matters little. One $w$ can do none of this: its bump is round and centred on the query.
# $W_v$ stays close to 1: the values are already the outputs we want.
#
# The attention heatmaps show the same thing. The queries are the 20 test points of the grid row
# $x_2 = 2.5$, the keys the 100 training points sorted by $x_1$. With the projections, each query
# spreads its weight over a band of keys with similar $x_1$, whatever their $x_2$ (first figure).
# With one $w$ the band is patchy: keys with a similar $x_1$ but a distant $x_2$ are pushed away, so
# each query averages over fewer keys, and an average of fewer noisy values is noisier (second
# figure). "Keys in use" is $1 / \sum_i \alpha_i^2$ per query, averaged over the queries: $n$ for
# uniform weights, 1 when a single key takes all the weight.

# %%
row = data2.x_test[:, 1] == 2.5  # the 20 test queries of one row of the grid
order = torch.argsort(x2_train[:, 0])  # keys sorted by x_1
with torch.no_grad():
    _, weights_scalar = scalar(
        data2.x_test[row], x2_train[order], y2_train[order, None]
    )
    _, weights_projected = projected(
        data2.x_test[row], x2_train[order], y2_train[order, None]
    )
print("queries, keys:", tuple(weights_projected.shape))
# (20, 100) -> ()
spread_projected = (1 / (weights_projected**2).sum(dim=1)).mean().item()
spread_scalar = (1 / (weights_scalar**2).sum(dim=1)).mean().item()
print(
    f"keys in use per query: projections {spread_projected:.1f}, one w {spread_scalar:.1f}"
)
assert spread_projected > spread_scalar
at.plot_attention_heatmap(weights_projected)

# %%
at.plot_attention_heatmap(weights_scalar)

# %% [markdown]
# ### And without the key bias?
#
# A Transformer drops $-\frac{1}{2}\lVert k'\rVert^2$. Train the same model with `key_bias=False`:

# %%
_ = torch.manual_seed(at.SEED)
# a Transformer's q . k / sqrt(d_k)
plain = at.ProjectedAttention(d_in=2, d_k=2, key_bias=False)
losses_plain = at.train_leave_one_out(plain, x2_train, y2_train, steps=300, lr=0.1)
mse_plain = at.mse_on_test(plain, data2)
print(f"plain dot product: test MSE {mse_plain:.3f}")
assert mse_plain > mse_scalar

# %% [markdown]
# Much worse than both. Without the bias a score $q'^\top k'$ grows with the **length** of $k'$, so for
# a fixed query the largest weights go to keys far out in one direction, not to keys **near** the
# query: plain dot products cannot say "close to me". For kernel regression on raw coordinates the
# bias is the whole point.
#
# Transformers drop it all the same, as a trade-off, not because it makes no difference. Layer
# normalisation (LayerNorm) normalises the input vectors $x$, not the projected keys $W_k x$, so the
# keys' lengths $\lVert W_k x\rVert$ can still differ: a query pointing the same way always
# scores the longer key higher. But a Transformer's task is not "find the samples near me": it
# matches learned directions in hundreds of dimensions, and training teaches the model to use or
# offset the keys' lengths (why the dot-product form works anyway: the last paragraph of the
# [dot-product page](dot-product.py)).
#
# ## Why only one *w*?
#
# A question often asked about the chapter. One scalar is the smallest learnable kernel: it learns a
# **bandwidth** and nothing else ([why the trained curve is less smooth](smoothness.py) shows what
# that bandwidth means). For one-dimensional inputs a $1 \times 1$ matrix **is** a scalar, so there
# is little more to learn. $W_q$ and $W_k$ may still be two different numbers $a$ and $b$: the score
# $-\frac{1}{2}(aq - bk)^2 = -\frac{1}{2}b^2\big(k - \frac{a}{b}q\big)^2$ moves the kernel's
# centre from the query $q$ to $\frac{a}{b}q$, with width $1/|b|$. One query checks the identity:

# %%
a, b = 2.0, 1.0  # W_q = a, W_k = b: untied 1 x 1 projections
q0 = x_train[20]  # one query
untied = F.softmax(-((a * q0 - b * x_train) ** 2) / 2, dim=0)  # (n_train,)
# a Gaussian kernel of width 1/|b| centred on (a/b) q0
moved = F.softmax(-(((x_train - a / b * q0) * b) ** 2) / 2, dim=0)  # (n_train,)
gap_untied = (untied - moved).abs().max().item()
print(f"query {q0.item():.3f}, kernel centred on {a / b * q0.item():.3f}")
print(f"max |untied - moved Gaussian| = {gap_untied:.1e}")
assert gap_untied < 1e-6

# %% [markdown]
# For the chapter's regression a bump away from the query makes no sense: to predict at $x$, look at
# the keys near $x$. Tying $W_q = W_k = w$ is the sensible choice, not the only one; $w$ and $-w$
# give the same predictions. With $d$ features a matrix can weigh and mix the features, as above.
# Everything else carries over unchanged: the leave-one-out loss ([why leave one out](leave-one-out.py)),
# training with `nn.Parameter` and an optimiser ([parametric attention pooling](parametric.py)), and
# the dot product plus key bias ([dot-product page](dot-product.py)).
#
# The cost of all this as $n$ grows is the subject of the next page,
# [what attention costs as n grows](scale.py).
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>,
#   <autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref>,
#   <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>,
#   <autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref>,
#   <autoref identifier="attention_tutorial.transformer.ScalarKernelAttention">ScalarKernelAttention</autoref>,
#   <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.toy2d.train_leave_one_out">train_leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.toy2d.mse_on_test">mse_on_test</autoref>,
#   <autoref identifier="attention_tutorial.figures.measures.plot_matrices">plot_matrices</autoref>
# - PyTorch: `torch.nn.functional.scaled_dot_product_attention` (`attn_mask`, `scale`),
#   `torch.nn.MultiheadAttention`, `torch.nn.Linear`, `Tensor.masked_fill`, `Tensor.transpose`,
#   `torch.cdist`
# - Tensor API handbook: [masked_fill and -inf](handbook/masked-fill.py),
#   [torch.where](handbook/where.py), [torch.einsum](handbook/einsum.py),
#   [clone and detach](handbook/clone.py), [nn.Linear](handbook/linear.py),
#   [torch.matmul](handbook/matmul.py)
