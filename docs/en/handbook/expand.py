# %% [markdown]
# # expand and broadcasting: repeating without copying
#
# [`repeat`](repeat.py) builds a bigger tensor by copying. Often the copy is only read,
# for example to subtract every key from every query. Then `expand` gives the same
# values without copying anything, and **broadcasting** does the same automatically
# inside `+`, `-`, `*` and `/`. The trick is the *stride*.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.expand
#
# ```python
# Tensor.expand(*sizes) -> Tensor
# # the same as x.expand(other.shape)
# Tensor.expand_as(other) -> Tensor
# ```
#
# It returns a **view** of the tensor with a larger shape: every axis of size 1 can be
# stretched to any size, and new axes can be added in front. Nothing is copied.
#
# - `sizes`: the new shape, as ints or one tuple. `-1` keeps an axis as it is. An axis
#   whose size is not 1 cannot grow (use `repeat` for that).
#
# A tensor is a block of memory plus a **stride** for each axis: how many places in memory
# one step along that axis moves (stride 1 is the very next number). `expand` gives the
# stretched axes a stride of 0, so every step along them reads the same element again.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> # (3, 1)
# >>> x = torch.tensor([[1], [2], [3]])
# >>> # (3, 4)
# >>> y = x.expand(3, 4)
# >>> y
# tensor([[1, 1, 1, 1],
#         [2, 2, 2, 2],
#         [3, 3, 3, 3]])
# >>> # stride 0: every column reads the
# >>> # same element
# >>> x.stride(), y.stride()
# ((1, 1), (1, 0))
# >>> # the same memory
# >>> y.data_ptr() == x.data_ptr()
# True
# >>> v = torch.tensor([1, 2, 3])
# >>> # a new leading axis of 2; -1 keeps
# >>> # the size of the last one
# >>> v.expand(2, -1)
# tensor([[1, 2, 3],
#         [1, 2, 3]])
# ```
#
# `data_ptr()` is the memory address of a tensor's first element: `x` and `y` have the
# same address, so they read the same memory.
#
# ### Diagram
#
# The dashed cells are a view: they own no memory and read the input's elements.

# %%
# (3, 1)
x = torch.tensor([[1], [2], [3]])
at.diagram_expand(x, 3, 4)

# %% [markdown]
# ### Pitfalls
#
# Only axes of size 1 can be stretched:

# %%
try:
    # the last axis has size 3, not 1
    torch.tensor([1, 2, 3]).expand(3, 4)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`The expanded size of the tensor (…) must match the existing size (…)`](errors.py#the-expanded-size-of-the-tensor--must-match-the-existing-size-).

# %% [markdown]
# A view shares memory with its source, so writing into it writes into the source, and
# into every cell that reads the same element. In-place arithmetic on an expanded tensor
# is refused; writing one cell silently changes a whole row:

# %%
# (3, 1)
x = torch.tensor([[1], [2], [3]])
# (3, 4), a view of x
y = x.expand(3, 4)
try:
    y.add_(1)
except RuntimeError as err:
    print("RuntimeError:", err)
# writes x[0, 0]: all four cells of
# row 0 change
y[0, 0] = 5
print(y)
print(x.flatten())

# %% [markdown]
# Listed in the error-message index: [`unsupported operation: more than one element of the written-to tensor refers to a single memory location`](errors.py#unsupported-operation-more-than-one-element-of-the-written-to-tensor-refers-to-a-single-memory-location).

# %% [markdown]
# Call `.clone()` (or use `repeat`) when you need a tensor you can modify.
#
# ### Where the chapter uses it
#
# The chapter tiles the queries by copying (`repeat_interleave`), as d2l does, and lets
# broadcasting (next section) stretch the keys; the package's <autoref identifier="attention_tutorial.pooling.nadaraya_watson_broadcast">nadaraya_watson_broadcast</autoref>
# is the no-copy version of the tiled computation in
# [non-parametric attention pooling](../nonparametric.py). The section
# [Leave-one-out as a masked softmax](../transformer.py#leave-one-out-as-a-masked-softmax)
# of the page [From kernel regression to Transformer attention](../transformer.py) calls `expand`
# explicitly: `key_bias.expand(n_train, -1)` takes the key bias of shape `(n_train,)` as
# one row and repeats it `n_train` times, one row per query, without a copy. The
# `masked_fill` after it is not in place: it returns a new tensor and writes `-inf` on that
# tensor's diagonal, so the view is never written (see the pitfall above).
#
# ## Broadcasting
#
# When two tensors of different shapes meet in an elementwise operation (`+`, `-`, `*`,
# `/`, `**`, comparisons, ...), PyTorch **broadcasts** them to one shape:
#
# 1. Align the two shapes from the right; a missing axis counts as size 1.
# 2. In each position the sizes must be equal, or one of them must be 1.
# 3. The result takes the larger size; the operand with size 1 is stretched, as if by
#    `expand` (no copy).
#
# `torch.broadcast_shapes(*shapes)` applies these rules to shapes alone. Adding an axis
# of size 1 on purpose is what `x[:, None]` (the same as `x.unsqueeze(1)`, see
# [squeeze and unsqueeze](squeeze.py)) is for.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> # 0.0, 1.0, 2.0: (n_test,) = (3,)
# >>> queries = torch.arange(3.0)
# >>> # (n_train,) = (2,)
# >>> keys = torch.tensor([0.0, 0.5])
# >>> # (3, 1) - (1, 2) -> (3, 2)
# >>> queries[:, None] - keys[None, :]
# tensor([[ 0.0000, -0.5000],
#         [ 1.0000,  0.5000],
#         [ 2.0000,  1.5000]])
# >>> torch.broadcast_shapes(
# ...     (3, 1),
# ...     (1, 2),
# ... )
# torch.Size([3, 2])
# >>> # (3, 2) - (2,): keys acts as (1, 2)
# >>> (torch.ones(3, 2) - keys).shape
# torch.Size([3, 2])
# ```
#
# ### Diagram
#
# Each operand is stretched to the common shape (dashed: a view), then the two are
# combined cell by cell. The picture's `a` is the example's `queries[:, None]` and its `b`
# is `keys`, so row $i$ of the result `a - b` is query $i$ minus every key.

# %%
# the example's tensors: a is
# queries[:, None], b is keys
queries = torch.arange(3.0)
keys = torch.tensor([0.0, 0.5])
at.diagram_broadcast(
    queries[:, None],
    keys,
)

# %% [markdown]
# ### Pitfalls
#
# Aligning from the right means two 1-D tensors of different lengths, neither of them 1, do
# not broadcast; one of them needs an explicit axis of size 1 first:

# %%
# (3,)
queries = torch.tensor([0.0, 1.0, 2.0])
# (2,)
keys = torch.tensor([0.0, 0.5])
try:
    queries - keys
except RuntimeError as err:
    print("RuntimeError:", err)
# (3, 1) - (2,) -> (3, 2)
diffs = queries[:, None] - keys
print(tuple(diffs.shape))

# %% [markdown]
# Listed in the error-message index: [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-).

# %% [markdown]
# The opposite surprise is worse because nothing fails. The usual case is a column of
# predictions minus a 1-D vector of targets, which broadcasting treats as a row: a model's output of shape `(n, 1)` against targets of
# shape `(n,)` broadcasts to `(n, n)`. The three predictions below equal their targets, so the
# error should be 0; broadcast, the mean squared error averages every prediction against
# **every** target:

# %%
# predictions as a column (3, 1),
# targets (3,): equal values
y_hat = torch.tensor(
    [[1.0], [2.0], [3.0]],
)
y = torch.tensor([1.0, 2.0, 3.0])
# (3, 1) - (3,) -> (3, 3): no error
diff = y_hat - y
print(tuple(diff.shape))
wrong = (diff**2).mean()
print(f"MSE, broadcast: {wrong:.4f}")
# the column made (3,) first
preds = y_hat.squeeze(1)
right = ((preds - y) ** 2).mean()
print(f"MSE, same shapes: {right:.4f}")

# %% [markdown]
# 1.3333 is 12 / 9: the nine differences $i - j$ ($i, j = 1, 2, 3$) squared sum to 12. Turn the
# predictions back into `(n,)` before subtracting (`y_hat.squeeze(1)`, see
# [squeeze and unsqueeze](squeeze.py)) and the error is 0. This is why the chapter's model
# turns its `(n, 1, 1)` result into `(n,)` with `reshape(-1)` before returning it: against
# `(n,)` targets, `(n, 1, 1)` would broadcast to `(n, 1, n)`, the same trap. The line is in
# the section [Where the chapter uses it](bmm.py#where-the-chapter-uses-it) of
# [torch.bmm: one matrix product per batch element](bmm.py).
#
# A hand-written mean squared error says nothing; `nn.MSELoss`, which the chapter trains with,
# at least warns (`UserWarning: Using a target size ...`), then broadcasts and returns the same
# number all the same. If you see that warning in your own training, check the shapes of the
# predictions and the targets first. With the tensors above:

# %%
import warnings

from torch import nn

# the same shapes through nn.MSELoss
with warnings.catch_warnings(
    record=True,
) as caught:
    warnings.simplefilter("always")
    mse = nn.MSELoss()(y_hat, y)
print(caught[0].category.__name__)
print(f"nn.MSELoss: {mse:.4f}")

# %% [markdown]
# ### Where the chapter uses it
#
# [Non-parametric attention pooling](../nonparametric.py): in `queries - x_train`, the
# `(n_train,)` keys are broadcast over the `(n_test, n_train)` matrix of queries, so
# each row gets every key.
#
# ### Cost
#
# The tiled queries of the chapter and the broadcast view hold the same values, but only
# one of them owns a copy. Below: their strides, whether they share memory
# with `x_test` (by comparing `data_ptr()`), and the bytes of memory behind each
# (`untyped_storage().nbytes()` is the size of the memory block behind a tensor):

# %%
# (n_test,)
x_test = torch.arange(0, 5, 0.1)
n_train = 50
# (n_test, n_train), a copy
flat = x_test.repeat_interleave(n_train)
tiled = flat.reshape(-1, n_train)
# (n_test, 1), then (n_test, n_train):
# no copy
column = x_test[:, None]
view = column.expand(-1, n_train)
same_values = torch.equal(tiled, view)
print("same values:", same_values)
for name, t in [
    ("tiled", tiled),
    ("view", view),
]:
    ptr = t.data_ptr()
    shares = ptr == x_test.data_ptr()
    print(f"{name}: stride", t.stride())
    print(
        "  shares x_test's memory:",
        shares,
    )
    size = t.untyped_storage().nbytes()
    print(f"  memory {size:,} bytes")

# %% [markdown]
# The view's 200 bytes are `x_test` itself (50 numbers × 4 bytes): the view adds none.
# The tiled matrix grows with the **product** of the two sizes. A float32 number takes 4
# bytes; here is the size of one `(n_test, n_train)` matrix:

# %%
# bytes per number: 4 for float32
nbytes = torch.zeros(1).element_size()
print(
    f"{'(n_test, n_train)':>17}",
    f"{'bytes':>13}",
    f"{'MiB':>8}",
)
shapes = [
    (50, 50),
    (1_000, 1_000),
    (10_000, 10_000),
    (100_000, 10_000),
]
for n_test, n_train in shapes:
    # one (n_test, n_train) matrix
    size = n_test * n_train * nbytes
    shape = f"({n_test:,}, {n_train:,})"
    print(
        f"{shape:>17}",
        f"{size:>13,}",
        f"{size / 2**20:>8.2f}",
    )

# %% [markdown]
# Broadcasting saves the tiled copy of the queries, but not everything: the differences
# and the attention weights themselves are `(n_test, n_train)` matrices, one weight per
# query-key pair. That quadratic cost belongs to attention itself; it is why long
# sequences are expensive for Transformers.

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# cost: the same values; the tiled
# matrix is a copy (all its numbers),
# the view reads x_test's numbers
assert same_values
ptr = x_test.data_ptr()
assert tiled.data_ptr() != ptr
assert view.data_ptr() == ptr
# 4 bytes per float32 number
tiled_bytes = 4 * tiled.numel()
view_bytes = 4 * len(x_test)
storage = tiled.untyped_storage()
assert storage.nbytes() == tiled_bytes
storage = view.untyped_storage()
assert storage.nbytes() == view_bytes
# the view's 200 bytes: x_test's 50
# numbers, 4 bytes each
assert len(x_test) == 50
assert view_bytes == 200
# the pitfall: 9 differences i - j of
# 1, 2, 3, squared, sum to 12
assert diff.shape == (3, 3)
assert abs(wrong.item() - 12 / 9) < 1e-6
assert right == 0
# nn.MSELoss: a UserWarning on the
# target size, the same 12 / 9
assert caught[0].category is UserWarning
message = str(caught[0].message)
assert "target size" in message
assert abs(mse.item() - 12 / 9) < 1e-6
# the model's (n, 1, 1) against (n,)
# targets: (n, 1, n)
bmm_out = y_hat[:, :, None]
assert bmm_out.shape == (3, 1, 1)
assert (bmm_out - y).shape == (3, 1, 3)
