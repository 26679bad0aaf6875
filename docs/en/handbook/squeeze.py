# %% [markdown]
# # squeeze and unsqueeze: adding and removing axes of size 1
#
# An axis of size 1 holds no extra numbers, but it changes how a tensor lines up with
# others: in broadcasting, and in functions such as `torch.bmm` that insist on a number
# of dimensions. `unsqueeze` inserts such an axis, `squeeze` removes it.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.unsqueeze
#
# ```python
# torch.unsqueeze(input, dim) -> Tensor
# Tensor.unsqueeze(dim) -> Tensor
# ```
#
# It returns a view of the tensor with a new axis of size 1 inserted at position `dim`.
#
# - `dim`: where the new axis goes in the **result**, from `-input.dim() - 1` to
#   `input.dim()`. Negative values count from the end: `-1` adds the axis last.
#
# Indexing with `None` does the same: `x[None]` is `x.unsqueeze(0)` and `x[:, None]` is
# `x.unsqueeze(1)`.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1, 2, 3])  # (3,)
# >>> x.unsqueeze(0)  # (1, 3): one row
# tensor([[1, 2, 3]])
# >>> x.unsqueeze(1)  # (3, 1): one column
# tensor([[1],
#         [2],
#         [3]])
# >>> x.unsqueeze(-1).shape
# torch.Size([3, 1])
# >>> x[None].shape, x[:, None].shape
# (torch.Size([1, 3]), torch.Size([3, 1]))
# >>> # (n_queries, n_keys)
# >>> weights = torch.ones(2, 4)
# >>> weights.unsqueeze(1).shape
# torch.Size([2, 1, 4])
# >>> weights.unsqueeze(-1).shape
# torch.Size([2, 4, 1])
# ```
#
# ### Diagram
#
# The numbers and their order stay; the shape gains a 1, and that decides whether the
# three numbers form a row or a column.

# %%
x = torch.tensor([1, 2, 3])
at.diagram_unsqueeze(x, 0)

# %%
at.diagram_unsqueeze(x, 1)

# %% [markdown]
# On a matrix of weights, `unsqueeze(1)` turns each row into a `(1, n_keys)` matrix of
# its own: a stack of row vectors, ready for `torch.bmm`.

# %%
x = torch.tensor(
    [[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]],
)
at.diagram_unsqueeze(x, 1)

# %% [markdown]
# ### Pitfalls
#
# `dim` counts positions in the result, which has one more axis than the input; one
# step further is out of range:

# %%
x = torch.tensor([1, 2, 3])
try:
    x.unsqueeze(2)
except IndexError as err:
    print("IndexError:", err)

# %% [markdown]
# Listed in the error-message index: [`Dimension out of range`](errors.py#dimension-out-of-range).

# %% [markdown]
# ### Where the chapter uses it
#
# - [Parametric attention pooling](../parametric.py): `weights.unsqueeze(1)` has shape
#   `(n_queries, 1, n_keys)` and `values.unsqueeze(-1)` has shape
#   `(n_queries, n_keys, 1)`, so that `torch.bmm` computes one dot product per query
#   (see [torch.bmm](bmm.py)).
# - [From kernel regression to Transformer attention](../transformer.py): it never calls
#   `unsqueeze` and always indexes with `None` instead: `[:, None]` is `unsqueeze(1)`,
#   `[None, :]` is `unsqueeze(0)`. `x_train[:, None]` (a column, `(n, 1)`) minus
#   `x_train[None, :]` (a row, `(1, n)`) broadcasts to an `(n, n)` matrix;
#   `valid_lens[:, None]` puts each sequence's valid length in a column, `(batch, 1)`;
#   compared with the row `torch.arange(n_k)`, it broadcasts to a `(batch, n_k)` mask.
#
# ## Tensor.squeeze
#
# ```python
# torch.squeeze(
#     input, dim=None
# ) -> Tensor
# Tensor.squeeze(dim=None) -> Tensor
# ```
#
# It returns a view without the axes of size 1 that `dim` names (all of them when `dim` is
# left out).
#
# - `dim`: which axis (or, since PyTorch 2.0, tuple of axes) to remove. An axis whose
#   size is not 1 is left alone, without an error. With `dim=None`, **every** axis of
#   size 1 is removed.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> y = torch.zeros(1, 3, 1)
# >>> # every axis of size 1
# >>> y.squeeze().shape
# torch.Size([3])
# >>> y.squeeze(0).shape
# torch.Size([3, 1])
# >>> y.squeeze(-1).shape
# torch.Size([1, 3])
# >>> # size 3: left alone
# >>> y.squeeze(1).shape
# torch.Size([1, 3, 1])
# ```
#
# ### Diagram
#
# `(1, 1, 3)` has two axes of size 1; a bare `squeeze()` removes both, leaving `(3,)`,
# which is where the pitfall below comes from.

# %%
x = torch.tensor([[[1, 2, 3]]])
at.diagram_squeeze(x)

# %% [markdown]
# ### Pitfalls
#
# A bare `squeeze()` also removes axes that are 1 only by accident. The usual victim is a
# batch of size 1: with a single query, the `(1, 1, 1)` result of `torch.bmm` squeezes
# down to a 0-d tensor, not to a vector of one prediction, and indexing it as a vector,
# `y0[0]`, fails:

# %%
# (n_queries, n_keys), n_queries = 1
weights = torch.full((1, 4), 0.25)
values = torch.arange(4.0).reshape(1, 4)
y_hat = torch.bmm(  # (1, 1, 1)
    weights.unsqueeze(1),
    values.unsqueeze(-1),
)
y0 = y_hat.squeeze()  # 0-d
flat = y_hat.reshape(-1)
print("squeeze():  ", tuple(y0.shape))
print("reshape(-1):", tuple(flat.shape))
try:
    # a 0-d tensor has no [0]
    y0[0]
except IndexError as err:
    print("IndexError:", err)

# %% [markdown]
# Listed in the error-message index: [`invalid index of a 0-dim tensor`](errors.py#invalid-index-of-a-0-dim-tensor).

# %% [markdown]
# Name the axes to remove, both of them: `squeeze((1, 2))` (a tuple of axes). Or, as
# the chapter does, say the shape you want: `reshape(-1)`. Both keep the batch axis
# whatever its size. Naming only the last axis is not enough: on `(n, 1, 1)`,
# `squeeze(-1)` removes one axis and leaves `(n, 1)`.
#
# ```pycon
# >>> import torch
# >>> # from bmm: (n_queries, 1, 1)
# >>> y_hat = torch.zeros(3, 1, 1)
# >>> y_hat.squeeze((1, 2)).shape
# torch.Size([3])
# >>> y_hat.reshape(-1).shape
# torch.Size([3])
# >>> # only the last axis goes
# >>> y_hat.squeeze(-1).shape
# torch.Size([3, 1])
# >>> # a batch of one
# >>> one = torch.zeros(1, 1, 1)
# >>> one.squeeze((1, 2)).shape
# torch.Size([1])
# ```
#
# ### Where the chapter uses it
#
# - [Parametric attention pooling](../parametric.py): not at all, on purpose. It writes
#   `torch.bmm(...).reshape(-1)` to go from `(n_queries, 1, 1)` to `(n_queries,)`, which
#   stays correct when `n_queries` is 1.
# - [Learned projections on a 2-D toy problem](../projections.py): `y_hat_projected.squeeze(-1)`
#   and `y_hat_scalar.squeeze(-1)` turn the predictions for 20 queries from `(20, 1)` into
#   `(20,)`. Each removes only the last axis, which it names, so it is safe.

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# the x of Tensor.squeeze's diagram:
# the two axes of size 1 its text names
assert x.shape == (1, 1, 3)
assert x.squeeze().shape == (3,)
