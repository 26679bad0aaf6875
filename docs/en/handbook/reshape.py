# %% [markdown]
# # reshape and view: the same numbers, a new shape
#
# A newly made tensor's elements sit in memory in one long row, in the order you read
# them row by row (a transposed view reads that row in another order, see
# [Tensor.view](#tensorview) below). `reshape` and `view`
# change how that row is cut into axes, without changing the elements or their order.
# The chapter uses `reshape(-1, n_train)` to turn a long vector into a matrix, and
# `reshape(-1)` to turn a result back into a vector.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.reshape
#
# ```python
# Tensor.reshape(*shape) -> Tensor
# torch.reshape(input, shape) -> Tensor
# ```
#
# It returns a tensor with the same elements in the same order, arranged in the new
# shape: a view of the same memory when possible, a copy otherwise.
#
# - `shape`: the new shape, as ints or one tuple. The sizes must multiply to the number
#   of elements (`numel()`). One size may be `-1`: PyTorch works it out from the others.
#
# “The same order” means **row-major** order: the last axis changes fastest. Reading
# the new tensor row by row gives the old elements in their old order.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.arange(6)
# >>> x.reshape(2, 3)
# tensor([[0, 1, 2],
#         [3, 4, 5]])
# >>> # -1 becomes 6 / 3 = 2
# >>> x.reshape(3, -1)
# tensor([[0, 1],
#         [2, 3],
#         [4, 5]])
# >>> # back to 1-D
# >>> x.reshape(2, 3).reshape(-1)
# tensor([0, 1, 2, 3, 4, 5])
# >>> # axes of size 1 are allowed
# >>> x.reshape(1, 2, 3).shape
# torch.Size([1, 2, 3])
# ```
#
# ### Diagram
#
# The colours keep their order: cut a row of 12 into rows of 4, and PyTorch works out
# that there are 3 of them.

# %%
x = torch.arange(12)
at.diagram_reshape(x, -1, 4)

# %% [markdown]
# Reshaping a `(2, 3)` matrix to `(3, 2)` is **not** a transpose: the row-major order
# stays `0 1 2 3 4 5`, so the rows are cut differently.

# %%
x = torch.arange(6).reshape(2, 3)
at.diagram_reshape(x, 3, 2)

# %% [markdown]
# ### Pitfalls
#
# With or without `-1`, the sizes must multiply to exactly the number of elements:

# %%
x = torch.arange(6)
try:
    x.reshape(4, -1)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`shape '[…]' is invalid for input of size …`](errors.py#shape--is-invalid-for-input-of-size-).

# %% [markdown]
# And `reshape` never swaps axes. To turn rows into columns, use `.T` (or
# `transpose`); the two results below have the same shape but different contents:

# %%
m = torch.arange(6).reshape(2, 3)
print("m.reshape(3, 2), rows cut anew:")
print(" ", m.reshape(3, 2).tolist())
print("m.T, rows and columns swapped:")
print(" ", m.T.tolist())

# %% [markdown]
# ### Where the chapter uses it
#
# - [Non-parametric attention pooling](../nonparametric.py):
#   `x_test.repeat_interleave(n_train)` makes `queries`, a vector of `n_test * n_train`
#   queries, and `queries.reshape(-1, n_train)` cuts it into `n_test` rows.
# - [Parametric attention pooling](../parametric.py): after the boolean mask keeps
#   `n_train * (n_train - 1)` elements, `.reshape((n_train, -1))` gives each training
#   point its row of `n_train - 1` keys, and the values likewise;
#   `queries.reshape((-1, n_keys))` cuts the repeated queries into the same rows; and
#   `y_hat_train.reshape(-1)` turns `y_hat_train`, the `(n_train, 1, 1)` result of
#   `torch.bmm`, into a vector of `n_train` predictions.
# - [From kernel regression to Transformer attention](../transformer.py):
#   `y_sdpa.reshape(-1)` turns the `(n_train, 1)` output of
#   `F.scaled_dot_product_attention` into a vector.
#
# ## Tensor.view
#
# ```python
# Tensor.view(*shape) -> Tensor
# ```
#
# Like `reshape`, but it **never copies**: it always returns a view that shares memory
# with the input, and it fails when the memory layout does not allow one.
#
# - `shape`: as for `reshape`, `-1` included.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.arange(6)
# >>> v = x.view(2, 3)
# >>> # the same memory
# >>> v.data_ptr() == x.data_ptr()
# True
# >>> # so writing into v writes into x
# >>> v[0, 0] = 100
# >>> x
# tensor([100,   1,   2,   3,   4,   5])
# ```
#
# ### Diagram
#
# `x.t()` is itself a view (for a 2-D tensor `x.t()` is `x.T`): the same six numbers in
# memory, read with swapped strides. A **stride** of `(3, 1)` means that one step along
# axis 0 moves 3 places ahead in memory, and one step along axis 1 moves 1 (the very
# next number); `x.t()` just swaps it to `(1, 3)`.
# Reading it row by row jumps around in memory (the colours are no longer in order),
# so no view can present it as one flat row.

# %%
x = torch.arange(6).reshape(2, 3)
# (3, 2), a view with swapped strides
xt = x.t()
print(x.stride(), xt.stride())
at.diagram_transpose(x)

# %% [markdown]
# ### Pitfalls
#
# `xt` is not [contiguous](../glossary.md#contiguous) in memory, so `view(-1)` on it fails: a flat view must read memory in order, and `xt`
# read row by row jumps around. The message suggests `reshape` (which copies here);
# `.contiguous().view(...)` works too:

# %%
try:
    xt.view(-1)
except RuntimeError as err:
    print("RuntimeError:", err)
# reshape copies when it must
print(xt.reshape(-1))
# a contiguous copy first, then view
print(xt.contiguous().view(-1))

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# the strides named above the diagram
assert x.stride() == (3, 1)
assert xt.stride() == (1, 3)

# %% [markdown]
# Listed in the error-message index: [`view size is not compatible with input tensor's size and stride`](errors.py#view-size-is-not-compatible-with-input-tensors-size-and-stride).

# %% [markdown]
# ### Where the chapter uses it
#
# It doesn't: the chapter always uses `reshape`, which works on every tensor. You will
# meet `view` in other PyTorch code; read it as “reshape, and I promise no copy is
# needed”. The `-1` in [non-parametric attention pooling](../nonparametric.py) works the
# same way in both.
