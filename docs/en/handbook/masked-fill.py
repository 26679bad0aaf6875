# %% [markdown]
# # masked_fill and <span class="attn-nobr">-inf</span>: masking inside the softmax
#
# The chapter removes a point's own key by cutting it out of a tiled matrix
# ([torch.eye and boolean masks](mask.py)). Transformer code keeps the matrix whole and
# writes $-\infty$ into the scores that must not count. After the softmax those entries
# have weight exactly 0, because $e^{-\infty} = 0$, and every row still sums to 1.
#
# The `at` imported below is this tutorial's own package: `at.diagram_*` only draws the
# pictures and is not PyTorch API you need to learn.

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
# Returns a copy of the tensor in which every element where `mask` is `True` is replaced
# by `value`.
#
# - `mask`: a **boolean** tensor that broadcasts to the tensor's shape. A mask over the keys,
#   of shape `(n,)` or `(1, n)`, masks the same columns in every row (the last line of the
#   first example block below uses `(3,)`).
# - `value`: a number (or a 0-d tensor), e.g. `float("-inf")`.
#
# The version with a trailing underscore, `masked_fill_`, changes the tensor itself.
#
# ### Examples
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
# Leave-one-out in one line: the diagonal of an `(n, n)` score matrix set to $-\infty$.
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
# ### Diagram
#
# Colours tell where an element came from: each element of `scores` has its own colour, and each
# cell of `filled` keeps the colour of the score at its place. Unframed cells still hold that
# score; framed cells now hold $-\infty$. `mask` holds only true and false, left
# uncoloured; `weights` holds new, computed values, left uncoloured too. The framed cells are the
# masked places: `True` in `mask`, $-\infty$ in `filled`, weight 0 in `weights` after the softmax
# (printed below).

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
# ### Pitfalls
#
# The mask must be boolean. `torch.eye` makes floats unless given `dtype=torch.bool`, and a
# float mask is refused (`masked_fill` runs `masked_fill_` on a copy, hence the underscore in
# the message):

# %%
inf = float("inf")
float_mask = torch.eye(2, 3)
try:
    scores.masked_fill(float_mask, -inf)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`masked_fill_ only supports boolean masks`](errors.py#masked_fill_-only-supports-boolean-masks).

# %% [markdown]
# The opposite mistake raises nothing. The page [Parametric attention pooling](../parametric.py)
# indexes with `(1 - torch.eye(n_train)).type(torch.bool)`, which is `True` off the diagonal: it
# marks the keys to **keep**. In `masked_fill`, `True` means “replace”, so that mask handed to
# `masked_fill(..., -inf)` hides every key except the point's own. The softmax then returns the
# identity matrix and each point predicts its own label, without a word of warning:

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
# For `masked_fill`, the leave-one-out mask is `eye` itself (the second output above): weight 0
# on the diagonal and 0.5 on each of the two other keys.
#
# A row with **every** key masked has no weights left to share out: every entry is
# $e^{-\infty} = 0$, so the row sums to 0 and the softmax divides 0 by 0. No error, just `nan`:

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
# The package's <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>
# checks for this and raises an error that names the mask. In its `mask`, `True` means “may
# attend”, the opposite of `masked_fill` (see “Two boolean masks, two conventions” below), so the
# same mask is passed as `~mask` (`~` negates a boolean tensor element by element; on Python's own
# `True`, `~True` is −2, and Python 3.12 and later also warn that it is deprecated):

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
# Listed in the error-message index: [`mask leaves a query with no key: its softmax would be NaN`](errors.py#mask-leaves-a-query-with-no-key-its-softmax-would-be-nan).

# %% [markdown]
# d2l's `masked_softmax` fills with $-10^6$ instead of $-\infty$, so a fully masked row there
# gets uniform weights, not `nan`.
#
# A mask whose shape does not broadcast fails:

# %%
# (3, 2): tensor a in the message
wrong = torch.ones(3, 2).bool()
try:
    scores.masked_fill(wrong, -inf)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Here tensor a is the mask `wrong` (its last axis is 2 long) and tensor b is `scores` (3): their
# last axes, dimension 1, do not match.
#
# Listed in the error-message index: [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-).

# %% [markdown]
# ### Two boolean masks, two conventions
#
# PyTorch's own attention comes as a function and a module: `F.scaled_dot_product_attention`
# (SDPA for short) and `nn.MultiheadAttention` (MHA), each with a mask argument `attn_mask`. They
# do not all read `True` in a boolean mask the way `masked_fill` does:
#
# - `masked_fill`: `True` means “replace” (with $-\infty$); the diagonal is hidden by `eye`.
# - SDPA: `True` means “may attend”; the diagonal is hidden by `~eye`.
# - MHA: `True` means “may **not** attend”; the diagonal is hidden by `eye`.
#
# The `mask` argument of this package's
# <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>
# follows SDPA. All three are tried below:

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

# %% fold="Checks of this page's text (skip them)"
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
# ### Where the chapter uses it
#
# The page [From kernel regression to Transformer attention](../transformer.py) writes leave-one-out as
# `scores.masked_fill(eye, float("-inf"))` and shows it equal to the chapter's
# [parametric model](../parametric.py), whose leave-one-out keys are tiled, masked and
# reshaped (why the diagonal goes: see [Why leave one out](../leave-one-out.py)). The page
# [Learned projections on a 2-D toy problem](../projections.py) drops each point's own key too while it
# trains: it passes `mask=~own` to `dot_product_attention`, which writes
# `scores.masked_fill(~mask, float("-inf"))` inside, i.e. masks `own`. `own`, a `(100, 100)`
# boolean matrix `True` on the diagonal, broadcasts over the `(10, 100, 100)` scores of ten models. The same result without `masked_fill`: [torch.where](where.py).
