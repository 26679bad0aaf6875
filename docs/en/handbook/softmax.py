# %% [markdown]
# # softmax and dim: turning scores into weights
#
# Attention pooling needs weights that are non-negative and sum to 1. `softmax` makes
# them out of any real scores. On a matrix the one question that matters is **along
# which axis** the weights should sum to 1, and that is what `dim` says.

# %%
import warnings

import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## torch.nn.functional.softmax
#
# ```python
# torch.nn.functional.softmax(
#     input,
#     dim=None,
#     _stacklevel=3,
#     dtype=None,
# ) -> Tensor
# torch.softmax(
#     input, dim, *, dtype=None
# ) -> Tensor
# Tensor.softmax(dim) -> Tensor
# ```
#
# Along the axis `dim`, it replaces each score $x_i$ by
#
# $$\operatorname{softmax}(x)_i = \frac{\exp(x_i)}{\sum_j \exp(x_j)},$$
#
# so the results along that axis are non-negative and sum to 1. In exact arithmetic
# they are positive, but a far smaller score [underflows](../glossary.md#underflow) to 0 in floating point, as in
# the `[1., 0.]` of the examples below.
#
# - `input`: a floating-point tensor of scores.
# - `dim`: the axis along which the results sum to 1. Always give it: without it
#   PyTorch guesses and warns.
# - `dtype`: convert the input to this type first (e.g. `torch.float64` for more
#   precision).
# - `_stacklevel`: internal, for the warning; ignore it.
#
# Three properties the chapter relies on: a larger score gets a larger weight; adding
# the same constant to every score along `dim` changes nothing (the exponentials are
# all multiplied by the same factor); and PyTorch computes it stably, so even huge
# scores do not [overflow](../glossary.md#overflow).
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> x = torch.tensor([1.0, 2.0, 3.0])
# >>> F.softmax(x, dim=0)
# tensor([0.0900, 0.2447, 0.6652])
# >>> # the same constant added to every
# >>> # score: no change
# >>> F.softmax(x + 100, dim=0)
# tensor([0.0900, 0.2447, 0.6652])
# >>> # huge scores: no overflow
# >>> big = torch.tensor([1000.0, 0.0])
# >>> F.softmax(big, dim=0)
# tensor([1., 0.])
# ```
#
# On a matrix, `dim=1` normalises each row and `dim=0` each column:
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> m = torch.tensor([
# ...     [1.0, 2.0, 3.0],
# ...     [1.0, 1.0, 1.0],
# ... ])
# >>> # each row sums to 1
# >>> F.softmax(m, dim=1)
# tensor([[0.0900, 0.2447, 0.6652],
#         [0.3333, 0.3333, 0.3333]])
# >>> F.softmax(m, dim=1).sum(dim=1)
# tensor([1., 1.])
# >>> # dim=0: each column sums to 1
# >>> s = F.softmax(m, dim=0).sum(dim=0)
# >>> # in float32 the third column sums
# >>> # to 0.99999994: round to 4 places
# >>> s.round(decimals=4)
# tensor([1., 1., 1.])
# ```
#
# The chapter's scores are ${-(x - x_i)^2 / 2}$ ($x$ the query, $x_i$ the $i$-th key): the nearer a key is to the query, the
# larger the score, hence the larger the weight. Mind the minus sign.
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> query = torch.tensor(1.0)
# >>> keys = torch.tensor([0.0, 1.0, 3.0])
# >>> scores = -((query - keys) ** 2) / 2
# >>> # the key 1.0 is nearest: it gets
# >>> # the largest weight
# >>> F.softmax(scores, dim=0)
# tensor([0.3482, 0.5741, 0.0777])
# ```
#
# The parametric model first multiplies the distance by $w$, so the score is multiplied
# by $w^2$: the gaps between the scores grow, and after the softmax the weight gathers on
# the nearest key. The same three keys with ${w = 2}$ (${w^2 = 4}$):

# %%
# the query and the three keys above
query = torch.tensor(1.0)
keys = torch.tensor([0.0, 1.0, 3.0])
shown = []
for w in (1.0, 2.0):
    d = w * (query - keys)
    a = F.softmax(-(d**2) / 2, dim=0)
    row = [f"{v:.4f}" for v in a]
    shown.append(" ".join(row))
    print(f"w = {w:g}:", *row)
assert shown == [
    "0.3482 0.5741 0.0777",
    "0.1192 0.8805 0.0003",
]

# %% [markdown]
# The nearest key's weight rises from 0.5741 to 0.8805; the farthest key's falls from
# 0.0777 to 0.0003. The [Training](../parametric.py#training) section of
# [Parametric attention pooling](../parametric.py) prints the learned $w$: the larger
# $|w|$, the more the weights gather; $1/|w|$ plays the part of the kernel's
# [bandwidth](../glossary.md#bandwidth).
#
# ### Diagram
#
# `dim=1`: one frame per row, and each row sums to 1. This is the chapter's case, with
# one query per row.

# %%
# (n_queries, n_keys)
scores = torch.tensor(
    [
        [1.0, 2.0, 3.0],
        [1.0, 1.0, 1.0],
    ]
)
at.diagram_softmax(
    scores,
    dim=1,
    names=("scores", "a1"),
)

# %% [markdown]
# `dim=0` on the same scores: now the columns sum to 1, and the rows no longer do.

# %%
at.diagram_softmax(
    scores,
    dim=0,
    names=("scores", "a0"),
)

# %% [markdown]
# ### Pitfalls
#
# The wrong `dim` raises nothing. With `dim=0`, the “weights” of each query no longer
# sum to 1, and every prediction is silently wrong:

# %%
a1 = F.softmax(scores, dim=1)
a0 = F.softmax(scores, dim=0)
print("row sums dim=1:", a1.sum(dim=1))
print("row sums dim=0:", a0.sum(dim=1))

# %% [markdown]
# Without `dim`, PyTorch guesses by an old rule, `dim=0` for 1-D and 3-D tensors and `dim=1`
# otherwise, and warns. For the 2-D `scores` here the guess, `dim=1`, happens to be right; batched
# `(batch, n_q, n_k)` scores would be normalised across the batch, with no error. The warning it
# gives:

# %%
with warnings.catch_warnings(
    record=True,
) as caught:
    warnings.simplefilter("always")
    F.softmax(scores)
for warning in caught:
    kind = warning.category.__name__
    print(kind + ":", warning.message)

# %% [markdown]
# For scores whose last axis is the keys, write `dim=-1`: it is the key axis for `(n_q, n_k)`
# and `(batch, n_q, n_k)` alike. It is what the section
# [Scaled dot-product attention, written out](../transformer.py#scaled-dot-product-attention-written-out)
# of the Transformer page writes:
#
# ```pycon
# >>> import torch
# >>> from torch.nn import functional as F
# >>> # (batch, n_q, n_k) = (2, 2, 3)
# >>> s = torch.arange(12.0)
# >>> s = s.reshape(2, 2, 3)
# >>> # each query's weights sum to 1
# >>> F.softmax(s, dim=-1).sum(dim=-1)
# tensor([[1., 1.],
#         [1., 1.]])
# >>> # dim=0 (the 3-D guess) normalises
# >>> # across the batch: sums are not 1
# >>> F.softmax(s, dim=0).sum(dim=-1)
# tensor([[0.0074, 0.0074],
#         [2.9926, 2.9926]])
# ```
#
# A `dim` that does not exist, and integer scores, are errors:

# %%
try:
    F.softmax(scores, dim=2)
except IndexError as err:
    print("IndexError:", err)
ints = torch.tensor([1, 2, 3])
try:
    F.softmax(ints, dim=0)
except NotImplementedError as err:
    print("NotImplementedError:", err)

# %% [markdown]
# The `[-2, 1]` in the first message is the range of `dim` for a 2-D tensor: negative numbers
# count from the end, `-1` being the last axis. Integer scores need `.float()` before softmax.
#
# Listed in the error-message index: [`Dimension out of range`](errors.py#dimension-out-of-range), [`"softmax_lastdim_kernel_impl" not implemented for 'Long'`](errors.py#softmax_lastdim_kernel_impl-not-implemented-for-long).

# %% [markdown]
# Finally, do not write softmax by hand as `exp(x) / exp(x).sum()`: `exp(1000)` is
# infinite (in float32, and in float64 too), and infinity divided by infinity is `nan`.
# `F.softmax` subtracts the largest score first, which by the second property above changes nothing:

# %%
big = torch.tensor([1000.0, 0.0])
e = torch.exp(big)
print("by hand:  ", e / e.sum())
soft = F.softmax(big, dim=0)
print("F.softmax:", soft)
# float64 overflows too
e64 = torch.exp(big.double())[0]
print("exp(1000), float64:", e64.item())
assert e64.isinf()

# %% [markdown]
# Once the largest score is subtracted, the largest exponential is $e^0 = 1$ and nothing
# overflows; by hand, the result is then the same as `F.softmax`'s:

# %%
# what F.softmax does: subtract the max
shifted = big - big.max()
print("shifted:", shifted)
e = torch.exp(shifted)
print("by hand, shifted:", e / e.sum())
assert torch.equal(e / e.sum(), soft)

# %% [markdown]
# ### Where the chapter uses it
#
# - [Non-parametric attention pooling](../nonparametric.py): the scores
#   `-((queries - x_train) ** 2) / 2` go through `F.softmax` along `dim=1`, one row of
#   weights per query.
# - [Parametric attention pooling](../parametric.py): the same, except that the distance
#   ${x - x_i}$ is first multiplied by the learned $w$ (so the score by $w^2$, as in the ${w = 2}$ example above).
# - [From the Gaussian kernel to dot-product attention](../dot-product.py): the
#   constant-shift property is why the $q^2/2$ term can be dropped.
# - [From kernel regression to Transformer attention](../transformer.py): the section
#   [Scaled dot-product attention, written out](../transformer.py#scaled-dot-product-attention-written-out)
#   writes `dim=-1` for batched `(batch, n_q, n_k)` scores; the section
#   [Leave-one-out as a masked softmax](../transformer.py#leave-one-out-as-a-masked-softmax)
#   first hides the diagonal with `scores.masked_fill(eye, float("-inf"))`, then takes the
#   softmax along `dim=1` (see the handbook entry [masked_fill and -inf](masked-fill.py)).
# - [Chapter recap](../recap.py): the section [The flow of shapes](../recap.py#the-flow-of-shapes)
#   uses the method form `scores.softmax(dim=1)`, the `Tensor.softmax(dim)` of the signature above.
