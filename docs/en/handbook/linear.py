# %% [markdown]
# # nn.Linear: a learnable matrix
#
# Until the page [From kernel regression to Transformer attention](../transformer.py), the only
# learnable thing in the chapter is one number $w$ (see the handbook entry
# [Training: nn.Parameter, nn.MSELoss and torch.optim.SGD](training.py)).
# Transformer attention multiplies queries, keys and values by learnable **matrices**
# $W_q$, $W_k$, $W_v$, and in PyTorch such a matrix is an `nn.Linear` layer.

# %%
import torch
from torch import nn

import attention_tutorial as at

# %% [markdown]
# ## torch.nn.Linear
#
# ```python
# nn.Linear(
#     in_features,
#     out_features,
#     bias=True,
#     device=None,
#     dtype=None,
# )
# layer(x)
#     -> x @ layer.weight.T + layer.bias
# ```
#
# - `in_features`: the size of the **last** dimension of the input.
# - `out_features`: the size of the last dimension of the output.
# - `bias`: whether to add a learnable vector `layer.bias` of shape `(out_features,)`
#   (default `True`); this chapter's (and d2l's) attention projections use `bias=False`.
# - `layer.weight` has shape `(out_features, in_features)`, **out first**, and is an
#   `nn.Parameter`: it appears in `layer.parameters()` and is what an optimiser updates.
#   Its initial values are random (uniform between $-1/\sqrt{\text{in\_features}}$ and $1/\sqrt{\text{in\_features}}$), drawn
#   from PyTorch's global generator: if you want the same initial weights on every run, seed
#   it before creating the layer.
#
# Input of shape `(..., in_features)` gives output `(..., out_features)`: every leading
# dimension (batch, sequence) is kept.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> layer = nn.Linear(3, 2, bias=False)
# >>> # (out_features, in_features)
# >>> layer.weight.shape
# torch.Size([2, 3])
# >>> # leading dimensions are kept
# >>> layer(torch.ones(4, 7, 3)).shape
# torch.Size([4, 7, 2])
# >>> params = layer.named_parameters()
# >>> [name for name, _ in params]
# ['weight']
# >>> # the default bias=True adds one
# >>> # learnable number per output
# >>> nn.Linear(3, 2).bias.shape
# torch.Size([2])
# ```
#
# A new layer's weights are random. To check the arithmetic in your head, write chosen
# numbers into the weight and compute one input (the diagram and the pitfalls below use
# this `layer` too):

# %%
layer = nn.Linear(3, 2, bias=False)
# chosen weights, not random ones
weight = torch.tensor(
    [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 1.0],
    ]
)
with torch.no_grad():
    _ = layer.weight.copy_(weight)
x = torch.tensor([[1.0, 2.0, 3.0]])
print(layer(x).tolist())
# the same product, written out
y = x @ layer.weight.T
print(torch.equal(layer(x), y))

# %% [markdown]
# `copy_` writes the numbers into the parameter in place; PyTorch allows that on a
# parameter only inside `torch.no_grad()` (see
# [the pitfalls of torch.optim.SGD](training.py#pitfalls_2)), and `_ =` only hides the
# tensor it returns.
#
# A $1 \times 1$ layer without bias is the chapter's scalar $w$:
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> w = nn.Linear(1, 1, bias=False)
# >>> with torch.no_grad():
# ...     _ = w.weight.fill_(2.5)
# >>> x = torch.tensor([[1.0], [2.0]])
# >>> w(x).reshape(-1).tolist()
# [2.5, 5.0]
# ```
#
# ### Diagram
#
# The picture computes `x @ layer.weight.T` with the example's weights, so that you can
# check it in your head; `x` gets a second row, `[0, 1, -1]`, whose outputs are both 0
# ($0 \cdot 1 + 1 \cdot 0 - 1 \cdot 0$ and $0 \cdot 0 + 1 \cdot 1 - 1 \cdot 1$):

# %%
# the example's layer; x gets a second
# row, [0, 1, -1]
# (2, 3)
x = torch.tensor(
    [
        [1.0, 2.0, 3.0],
        [0.0, 1.0, -1.0],
    ]
)
print(layer(x).tolist())

# %% [markdown]
# In the picture the colour marks the input feature, that is the column of `x` and of
# `layer.weight`: a row of `x` and a row of `layer.weight` are multiplied cell by cell, colour
# with colour, and the three products summed; `layer(x)` holds new values, of no input feature,
# left uncoloured (grey). The framed cells make up the first element:
# $1 \cdot 1 + 2 \cdot 0 + 3 \cdot 0 = 1$.

# %%
at.diagram_linear(layer, x)

# %% [markdown]
# ### Pitfalls
#
# The last dimension of the input must be `in_features`. The error speaks of the matrix
# product inside: mat1 is the input `(2, 4)`, mat2 is `layer.weight.T`, `(3, 2)`; the 4
# must equal the 3.

# %%
try:
    layer(torch.ones(2, 4))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`mat1 and mat2 shapes cannot be multiplied`](errors.py#mat1-and-mat2-shapes-cannot-be-multiplied).

# %% [markdown]
# Integer inputs are refused (the weight is float32):

# %%
try:
    layer(torch.tensor([[1, 2, 3]]))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`expected m1 and m2 to have the same dtype`](errors.py#expected-m1-and-m2-to-have-the-same-dtype).

# %% [markdown]
# And `layer.weight` is $(\text{out}, \text{in})$: it is the $W$ of $W_q q$, a matrix times a
# column vector. PyTorch stores inputs as rows, one $x$ per row, so it computes
# `x @ layer.weight.T`; `x @ layer.weight` fails for a non-square layer, and for a square one it
# silently computes something else:
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> sq = nn.Linear(2, 2, bias=False)
# >>> w = torch.tensor(
# ...     [[1.0, 2.0], [0.0, 1.0]]
# ... )
# >>> with torch.no_grad():
# ...     _ = sq.weight.copy_(w)
# >>> x = torch.tensor([[1.0, 1.0]])
# >>> sq(x).tolist()
# [[3.0, 1.0]]
# >>> # wrong: no error, other numbers
# >>> (x @ sq.weight).tolist()
# [[1.0, 3.0]]
# ```
#
# ### Where the chapter uses it
#
# The page [From kernel regression to Transformer attention](../transformer.py) builds $W_q$,
# $W_k$, $W_v$ as `nn.Linear(..., bias=False)`, and the page
# [Learned projections on a 2-D toy problem](../projections.py) trains them. On the
# Transformer page they are $4 \times 4$ ($d = 4$); on the projections page the inputs have
# two features and the projection keeps two (`d_k = 2`), so $W_q$ and $W_k$ are
# $2 \times 2$, and $W_v$ is $1 \times 1$, one number that scales $y$. With a single input
# feature and `d_k = 1`, all three would be $1 \times 1$: three unrelated numbers.
#
# After the projections, the Gaussian score is a dot product plus one bias per key, and
# $W_q = W_k = w$, $W_v = 1$ give back the chapter's model; the Transformer page derives it in
# [Why one w becomes a matrix](../transformer.py#why-one-w-becomes-a-matrix).

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# the diagram's first element: 1*1 +
# 2*0 + 3*0
assert layer(x)[0, 0].item() == 1.0
# the second row, [0, 1, -1]: 0 and 0
assert layer(x)[1].tolist() == [0, 0]
# the first error: mat1 is the input
# (2, 4), mat2 is layer.weight.T (3, 2)
message = ""
try:
    layer(torch.ones(2, 4))
except RuntimeError as err:
    message = str(err)
assert "(2x4 and 3x2)" in message
assert layer.weight.T.shape == (3, 2)
# the projections page's model: W_q,
# W_k 2 x 2 (2 features in, d_k = 2
# out), W_v 1 x 1 (y is one number)
model = at.ProjectedAttention(
    d_in=2,
    d_k=2,
)
shapes = [
    tuple(model.W_q.weight.shape),
    tuple(model.W_k.weight.shape),
    tuple(model.W_v.weight.shape),
]
# (out_features, in_features)
assert shapes == [
    (2, 2),
    (2, 2),
    (1, 1),
]
