# %% [markdown]
# # torch.eye and boolean masks: dropping the diagonal
#
# Leave-one-out training needs, for every training point, all the **other** training
# points. The chapter builds them in three steps (the page
# [Parametric attention pooling](../parametric.py#leave-one-out-keys-and-values-step-by-step)
# numbers them): [tile](repeat.py#tensorrepeat) `x_train` into a square matrix; build a mask
# that is `False` on the diagonal from the identity matrix `torch.eye`; keep the elements
# where the mask is `True` with boolean indexing (a 1-D tensor) and cut that back into rows
# with `.reshape((n_train, -1))`.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.eye
#
# ```python
# torch.eye(
#     n,
#     m=None,
#     *,
#     dtype=None,
#     device=None,
#     requires_grad=False,
# ) -> Tensor
# ```
#
# Two rarely used arguments, `out` and `layout`, are left out. Arguments after the `*` must be
# passed by name: `dtype=torch.bool`, not a third positional argument.
#
# It returns a 2-D tensor with ones on the diagonal and zeros elsewhere: the identity
# matrix when `n = m`.
#
# - `n`: the number of rows.
# - `m`: the number of columns; `n` if not given.
# - `dtype`: if not given, `torch.get_default_dtype()`, the default floating-point type:
#   `torch.float32` unless `torch.set_default_dtype` changed it; `dtype=torch.bool` gives
#   `True` on the diagonal.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> torch.eye(3)
# tensor([[1., 0., 0.],
#         [0., 1., 0.],
#         [0., 0., 1.]])
# >>> torch.eye(2, 3)
# tensor([[1., 0., 0.],
#         [0., 1., 0.]])
# >>> # the chapter's mask: False on the
# >>> # diagonal
# >>> off = 1 - torch.eye(3)
# >>> mask = off.type(torch.bool)
# >>> mask
# tensor([[False,  True,  True],
#         [ True, False,  True],
#         [ True,  True, False]])
# >>> eye = torch.eye(3, dtype=torch.bool)
# >>> torch.equal(~eye, mask)
# True
# ```
#
# `~` is logical “not” on a boolean tensor, so `~torch.eye(n, dtype=torch.bool)` is a
# shorter way to the same mask.
#
# ### Diagram
#
# Left `torch.eye(4)`, right `torch.eye(2, 3)`. No colours here: every cell shows its value.
# The main diagonal holds 1.0 and the rest 0.0: `torch.eye` gives floats by default (see the
# pitfall below). `torch.eye(2, 3)` is not square, and its diagonal starts at the top left
# and stops at the last row, row 1 (rows count from 0).

# %%
at.diagram_eye(4, (2, 3))

# %% [markdown]
# ### Pitfalls
#
# `torch.eye(n)` is a float tensor, and so is `1 - torch.eye(n)`: it is **not** a mask
# yet. Indexing with it fails (see the next section). The type conversion
# `.type(torch.bool)` (or `.bool()`) is the step that makes it one.
#
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py), step 2 of
# [Leave-one-out keys and values, step by step](../parametric.py#leave-one-out-keys-and-values-step-by-step):
# `1 - torch.eye(n_train)` flips the identity matrix, and `.type(torch.bool)` makes it the
# mask `mask`. The package's `leave_one_out` writes it in one line,
# `mask = (1 - torch.eye(n_train)).type(torch.bool)`; [Why leave one out](../leave-one-out.py)
# shows its source (folded).
#
# The section [Leave-one-out as a masked softmax](../transformer.py#leave-one-out-as-a-masked-softmax)
# of the page [From kernel regression to Transformer attention](../transformer.py) builds the
# diagonal itself, `eye = torch.eye(n_train, dtype=torch.bool)`, and uses it as
# `masked_fill(eye, …)` and as `attn_mask=~eye`: the same mask, made boolean at once.
#
# ## Boolean mask indexing
#
# ```python
# # a new 1-D tensor of the elements
# # where mask is True
# x[mask]
# # writes into those elements
# x[mask] = value
# ```
#
# Indexing with a boolean tensor of the same shape as `x` returns a **1-D** tensor (a
# copy) holding the elements where the mask is `True`, in row-major order (row by row).
# A mask over only the first axes keeps whole sub-tensors (e.g. whole rows).
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor(
# ...     [[1, 2, 3], [4, 5, 6]]
# ... )
# >>> # a mask of x's full shape: 1-D,
# >>> # row by row
# >>> x[x > 2]
# tensor([3, 4, 5, 6])
# >>> # a mask over axis 0: whole rows
# >>> x[torch.tensor([True, False])]
# tensor([[1, 2, 3]])
# >>> # writing: x[mask] = value
# >>> x[x > 2] = 0
# >>> x
# tensor([[1, 2, 0],
#         [0, 0, 0]])
# ```
#
# Below is a small version of how the chapter takes the leave-one-out keys. Every row of
# the mask has exactly one `False`, so every row keeps `n_train - 1` elements, and the
# flat result can be cut back into rows:
#
# ```pycon
# >>> import torch
# >>> x_train = torch.tensor([1., 2., 3.])
# >>> n_train = len(x_train)
# >>> # (n_train, n_train)
# >>> tiled = x_train.repeat((n_train, 1))
# >>> # False on the diagonal
# >>> eye = torch.eye(n_train)
# >>> mask = (1 - eye).type(torch.bool)
# >>> # 1-D: n_train * (n_train - 1)
# >>> # elements
# >>> tiled[mask]
# tensor([2., 3., 1., 3., 1., 2.])
# >>> # row i: x_train without x_train[i]
# >>> tiled[mask].reshape((n_train, -1))
# tensor([[2., 3.],
#         [1., 3.],
#         [1., 2.]])
# ```
#
# ### Diagrams
#
# The whole recipe, with `x = torch.arange(4)`, that is 0, 1, 2, 3: `eye` becomes the
# mask, `x` is tiled into `tiled`, and the elements the mask keeps, reshaped, are called `kept`.
# Colour $j$ is element $j$ of `x`; row $i$ of `kept` has every colour except colour $i$.

# %%
at.diagram_eye_mask(4)

# %% [markdown]
# The same picture with four of the chapter's training inputs, sorted, in the cells. The
# cell takes the first four of the chapter's draws: `make_data` draws from its own generator
# seeded with `at.SEED` (0), and the same seed gives the global generator the same first
# numbers. The picture uses the code's names: `x_train` instead of `x`, `keys` instead of `kept`. `eye`
# and `mask` are as above, so this picture leaves them out and draws only what changes:
# `x_train`, `tiled` and `keys`:

# %%
_ = torch.manual_seed(at.SEED)
x_train, _ = (torch.rand(4) * 5).sort()
# the picture names them as this code
# does: x_train in, keys out
at.diagram_eye_mask(
    4,
    x_train,
    name="keys",
    input_name="x_train",
    show_mask=False,
)

# %% [markdown]
# ### Pitfalls
#
# A float mask (the `.type(torch.bool)` forgotten) is refused:

# %%
x = torch.tensor([1.0, 2.0, 3.0])
tiled = x.repeat((3, 1))  # (3, 3)
float_mask = 1 - torch.eye(3)
try:
    tiled[float_mask]
except IndexError as err:
    print("IndexError:", err)

# %% [markdown]
# Listed in the error-message index: [`tensors used as indices must be long, int, byte or bool tensors`](errors.py#tensors-used-as-indices-must-be-long-int-byte-or-bool-tensors).

# %% [markdown]
# An integer mask is worse: it is accepted, but read as a tensor of **row numbers**
# (0 and 1), not as a mask. The three rows of `tiled` are all alike, which would hide which
# row is read, so the cell below uses `rows`, whose three rows differ. No error, yet a
# wrong shape and wrong values: each 0 or 1 of the integer mask becomes a whole row of
# `rows`, which adds an axis; row 0 of the mask is 0, 1, 1, so `picked[0]` is rows 0, 1 and
# 1 of `rows`, and row 2 is never picked. Only the boolean mask keeps the elements off the
# diagonal:

# %%
# tiled's rows are all x: rows that
# differ show which one each 0/1 reads
rows = torch.tensor(
    [
        [1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0],
        [7.0, 8.0, 9.0],
    ]
)
int_mask = float_mask.long()  # (3, 3)
# each 0/1 picks row 0 or row 1 of rows
picked = rows[int_mask]  # (3, 3, 3)
shape = tuple(picked.shape)
print("integer 'mask':", shape)
row0 = int_mask[0].tolist()
print("its row 0:", row0)
print("picked[0]:")
print(picked[0])
kept = rows[float_mask.bool()]  # (6,)
shape = tuple(kept.shape)
print("boolean mask:", shape)
print(kept)

# %% [markdown]
# And the flat result can only be cut back into rows if every row of the mask keeps the
# same number of elements:

# %%
mask = float_mask.type(torch.bool)
# row 0 keeps 1 element, the others 2
mask[0, 1] = False
try:
    tiled[mask].reshape((3, -1))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`shape '[…]' is invalid for input of size …`](errors.py#shape--is-invalid-for-input-of-size-).

# %% [markdown]
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py), in
# [Leave-one-out keys and values, step by step](../parametric.py#leave-one-out-keys-and-values-step-by-step):
# `x_tiled = x_train.repeat((n_train, 1))` tiles the inputs, and `x_tiled[mask]`, cut back
# into rows with `.reshape((n_train, -1))`, gives the keys; the same with `y_tiled` gives the
# values, both `(n_train, n_train - 1)`. The package does it in
# <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>.
# [Why leave one out](../leave-one-out.py) explains why the diagonal must go.

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# the integer "mask": picked[0] is rows
# 0, 1, 1 of rows, not the elements off
# the diagonal
assert row0 == [0, 1, 1]
assert torch.equal(
    picked[0],
    rows[row0],
)
# row 2 (7, 8, 9) is never picked
assert not (picked >= 7).any()
off = [2.0, 3.0, 4.0, 6.0, 7.0, 8.0]
assert kept.tolist() == off
# at.SEED is 0; the second diagram's
# four x_train are chapter inputs
assert at.SEED == 0
chapter = at.make_data().x_train
inside = torch.isin(x_train, chapter)
assert inside.all()
# make_data's own generator: the first
# four of its 50 draws are these four
g = torch.Generator()
_ = g.manual_seed(at.SEED)
draws = torch.rand(50, generator=g) * 5
first, _ = draws[:4].sort()
assert torch.equal(first, x_train)
