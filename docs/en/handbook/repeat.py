# %% [markdown]
# # repeat_interleave and repeat: copying elements
#
# Two functions make a longer tensor out of a short one, and their names are easy to mix
# up. `repeat_interleave` repeats **each element** back to back (`1 1 2 2 3 3`);
# `repeat` repeats **the whole tensor** (`1 2 3 1 2 3`). The chapter needs both: the
# first to give every query a row of its own, the second to give every training point
# the full list of keys. In the pictures, a cell's colour says which input element it
# came from.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.repeat_interleave
#
# ```python
# torch.repeat_interleave(
#     input,
#     repeats,
#     dim=None,
#     *,
#     output_size=None,
# ) -> Tensor
# Tensor.repeat_interleave(
#     repeats,
#     dim=None,
#     *,
#     output_size=None,
# ) -> Tensor
# ```
#
# It returns a new tensor in which every element of `input` appears `repeats` times in
# a row.
#
# - `input`: the tensor to copy from (the method form uses the tensor itself).
# - `repeats`: an `int` (the same count for every element) or a 1-D integer tensor
#   holding one count per element along `dim`; a count of 0 drops that element.
# - `dim`: the axis along which to repeat. With `dim=None` (the default) the input is
#   first flattened to 1-D, so the result is always 1-D.
# - `output_size`: the total length of the result along `dim`, if you already know it;
#   you can ignore it.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1, 2, 3])
# >>> x.repeat_interleave(2)
# tensor([1, 1, 2, 2, 3, 3])
# >>> # one count per element
# >>> counts = torch.tensor([1, 0, 2])
# >>> torch.repeat_interleave(x, counts)
# tensor([1, 3, 3])
# ```
#
# On a matrix, `dim` decides what gets repeated: without it, the matrix is flattened first.
#
# ```pycon
# >>> import torch
# >>> m = torch.tensor([[1, 2], [3, 4]])
# >>> # dim=None: flattened first
# >>> m.repeat_interleave(2)
# tensor([1, 1, 2, 2, 3, 3, 4, 4])
# >>> # every row twice
# >>> m.repeat_interleave(2, dim=0)
# tensor([[1, 2],
#         [1, 2],
#         [3, 4],
#         [3, 4]])
# >>> # column 0 once, column 1 twice
# >>> counts = torch.tensor([1, 2])
# >>> m.repeat_interleave(counts, dim=1)
# tensor([[1, 2, 2],
#         [3, 4, 4]])
# ```
#
# A 0-d tensor (one number, shape `()`) works too; the result is 1-D. This is how
# average pooling turns one mean into one prediction per test input:
#
# ```pycon
# >>> import torch
# >>> y = torch.tensor([1.0, 2.0, 6.0])
# >>> y_mean = y.mean()
# >>> y_mean.shape
# torch.Size([])
# >>> y_mean.repeat_interleave(4)
# tensor([3., 3., 3., 3.])
# ```
#
# And this is the chapter's way of giving each query a row of its own: repeat each test
# input `n_train` times, then cut the long vector into rows of `n_train`.
#
# ```pycon
# >>> import torch
# >>> # 3 queries
# >>> x_test = torch.arange(3.0)
# >>> n_train = 4
# >>> # (n_test * n_train,)
# >>> queries = x_test.repeat_interleave(
# ...     n_train
# ... )
# >>> queries.shape
# torch.Size([12])
# >>> # (n_test, n_train): row i holds
# >>> # query i
# >>> queries.reshape(-1, n_train)
# tensor([[0., 0., 0., 0.],
#         [1., 1., 1., 1.],
#         [2., 2., 2., 2.]])
# ```
#
# ### Diagram
#
# Output cell $i$ has the colour of input cell $i \,/\!/\, 2$ (integer division): the
# colours come in runs.

# %%
x = torch.tensor([1, 2, 3])
at.diagram_repeat_interleave(x, 2)

# %% [markdown]
# With a tensor of counts and `dim=0`, whole rows are repeated, each as often as its
# count says:

# %%
x = torch.tensor([[1, 2], [3, 4]])
counts = torch.tensor([1, 2])
at.diagram_repeat_interleave(
    x,
    counts,
    dim=0,
)

# %% [markdown]
# ### Pitfalls
#
# A tensor of counts must have exactly one count per element along `dim` (per element
# of the flattened input when `dim` is `None`). Here the input has 3 elements but only
# 2 counts are given; PyTorch's message:

# %%
x = torch.tensor([1, 2, 3])
counts = torch.tensor([1, 2])
try:
    # 3 elements, 2 counts
    x.repeat_interleave(counts)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`repeats must have the same size as input along dim`](errors.py#repeats-must-have-the-same-size-as-input-along-dim).

# %% [markdown]
# Forgetting `dim` on a matrix is the other classic: the matrix is silently flattened,
# and a later `reshape` may hide the mistake. Pass `dim` whenever the input is not 1-D.
#
# ### Where the chapter uses it
#
# - [Average pooling](../average.py): after `mean = y_train.mean()`,
#   `mean.repeat_interleave(n_test)` makes one copy of the mean per test input.
# - [Non-parametric attention pooling](../nonparametric.py):
#   `queries = x_test.repeat_interleave(n_train)`, then `queries.reshape(-1, n_train)`,
#   builds the `(n_test, n_train)` matrix of queries.
# - [Parametric attention pooling](../parametric.py):
#   `queries = x_train.repeat_interleave(n_keys)` (with `n_keys = n_train - 1`), then
#   `queries.reshape((-1, n_keys))`: every training point, as a query, gets a row of its
#   own, one copy per leave-one-out key.
#
# ## Tensor.repeat
#
# ```python
# Tensor.repeat(*repeats) -> Tensor
# ```
#
# It returns a new tensor made of copies of the whole tensor laid side by side, like
# tiles (numpy calls this `np.tile`).
#
# - `repeats`: how many copies along each axis, as separate ints (`x.repeat(2, 3)`) or
#   one tuple (`x.repeat((2, 3))`). There must be at least as many counts as the
#   tensor has axes (`dim()`); extra counts at the front add new leading axes. Note the
#   name clash: there is no `torch.repeat`, and the function `torch.repeat_interleave`
#   does the other operation.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1, 2, 3])
# >>> # the whole tensor twice
# >>> x.repeat(2)
# tensor([1, 2, 3, 1, 2, 3])
# >>> # each element twice
# >>> x.repeat_interleave(2)
# tensor([1, 1, 2, 2, 3, 3])
# >>> # a new axis of 2 copies, 1 copy
# >>> # along the old axis
# >>> x.repeat((2, 1))
# tensor([[1, 2, 3],
#         [1, 2, 3]])
# >>> x.repeat(2, 2)
# tensor([[1, 2, 3, 1, 2, 3],
#         [1, 2, 3, 1, 2, 3]])
# ```
#
# ### Diagram
#
# Output cell $i$ has the colour of input cell $i \bmod 3$: the colours come in cycles.

# %%
x = torch.tensor([1, 2, 3])
at.diagram_repeat(x, 2)

# %% [markdown]
# `x.repeat((n, 1))` with `n = len(x)` is the leave-one-out recipe's first step: row $i$
# holds every element, so row $i$ can later drop element $i$ (see
# [torch.eye and boolean masks](mask.py)).

# %%
at.diagram_repeat(x, (3, 1))

# %% [markdown]
# ### Pitfalls
#
# Fewer counts than the tensor has axes is an error; the counts are not broadcast:

# %%
try:
    torch.ones(2, 3).repeat(2)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor`](errors.py#number-of-dimensions-of-repeat-dims-can-not-be-smaller-than-number-of-dimensions-of-tensor).

# %% [markdown]
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py):
#
# - In training, `x_train.repeat((n_train, 1))` and `y_train.repeat((n_train, 1))` give
#   every training point the full list of keys and values, of shape `(n_train, n_train)`,
#   before the diagonal is removed.
# - In prediction, `x_train.repeat((n_test, 1))` and `y_train.repeat((n_test, 1))` give
#   every test input all the training data as keys and values, of shape `(n_test, n_train)`.
#
# ### Cost
#
# `repeat` and `repeat_interleave` both **copy**: the result owns new memory, as many
# elements as it has. Here is what `x` (a vector of length n, as `x_train`) and its copy
# `x.repeat((n, 1))` weigh for a few lengths n, the last two columns in bytes:

# %%
print(
    f"{'n':>6} {'x (bytes)':>10}",
    f"{'copy (bytes)':>16}",
)
for n in (50, 1_000, 10_000):
    x = torch.zeros(n)  # (n,)
    # 4 bytes per float32 number
    x_bytes = n * x.element_size()
    # x.repeat((n, 1)): n * n numbers
    tiled_bytes = n * x_bytes
    print(
        f"{n:>6,} {x_bytes:>10,}",
        f"{tiled_bytes:>16,}",
    )

# %% [markdown]
# When the copy is only read, never written, `expand` gives the same values without a
# copy's memory: see [expand and broadcasting](expand.py).
#
# ## Side by side
#
# Below, `x = torch.tensor([1, 2, 3])`, and each row of the table compares the two in one
# respect:
#
# | `x.repeat_interleave(2)` | `x.repeat(2)` |
# |---|---|
# | gives `1 1 2 2 3 3` | gives `1 2 3 1 2 3` |
# | element $i$ comes from element $i \,/\!/\, 2$ of `x` | element $i$ comes from element $i \bmod 3$ of `x` |
# | also a `torch.` function | a method only |
# | a count per element, from a tensor of counts | no count per element |
# | copies memory | copies memory |
