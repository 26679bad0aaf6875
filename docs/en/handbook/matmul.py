# %% [markdown]
# # torch.matmul: one function, five kinds of product
#
# `torch.matmul(input, other)` (also written `input @ other`) multiplies and sums along
# one pair of axes (which pair: see the arguments below). The shape of the result depends
# on how many dimensions each tensor has, which gives five cases.
#
# The `at` imported below is this tutorial's own package: `at.diagram_*` only draws the
# pictures and is not PyTorch API you need to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.matmul
#
# ```python
# torch.matmul(
#     input, other, *, out=None
# ) -> Tensor
# input @ other
# ```
#
# It returns the matrix product of `input` and `other`, with the rules below for
# vectors and for stacks of matrices.
#
# - `input`, `other`: tensors with at least one dimension and the same dtype. The last
#   axis of `input` and the second-to-last axis of `other` (its only axis, if it is
#   1-D) must have the same size $d$: that is the axis that is summed over, with the
#   index $l$ in the formulas below.
# - `out`: optional tensor to write the result into.
#
# The five cases, by the number of dimensions of `input` and `other` (the two shapes → the
# shape of the result). A shape is written as the sizes of its axes in brackets: `(3,)` is
# a shape with one axis of length 3 (a 1-D tensor; the comma is how Python writes a tuple
# of one item), `(2, 3)` is 2 rows by 3 columns, and `()` has no axes at all (a 0-d tensor):
#
# - **1-D · 1-D**: `(d,)` and `(d,)` → `()`. The dot product $y = \sum_l a_l b_l$.
# - **2-D · 2-D**: `(n, d)` and `(d, m)` → `(n, m)`. The matrix product
#   $y_{ij} = \sum_l A_{il} B_{lj}$.
# - **1-D · 2-D**: `(d,)` and `(d, m)` → `(m,)`. A 1 is prepended: `(1, d) @ (d, m)` is
#   `(1, m)`, and the 1 is removed.
# - **2-D · 1-D**: `(n, d)` and `(d,)` → `(n,)`. A 1 is appended: `(n, d) @ (d, 1)` is
#   `(n, 1)`, and the 1 is removed.
# - **Batched** (either side has more than two dimensions): the last two axes hold the
#   matrices; the axes in front of them (the [batch dimensions](../glossary.md#batch-dimension)) pile many matrices into
#   a stack. The two stacks are multiplied pair by pair: the first matrix of one with the
#   first of the other, the second with the second, and so on. With `...` for the batch
#   dimensions: `(..., n, d)` and `(..., d, m)` → `(..., n, m)`. Which matrix pairs with
#   which follows the rule of [broadcasting](expand.py#broadcasting) (everything said
#   about batches further down is this one rule):
#     - The two batch shapes are aligned from the right.
#     - In each aligned dimension the two sizes are equal, or one of them is 1: the side
#       with 1 is reused.
#     - A side with no batch dimensions at all (a single matrix or vector) is multiplied
#       with every matrix of the other stack.
#
# You can check the two steps of 1-D · 2-D, the 1 put in and taken out again:
# `reshape(1, 3)` turns the vector into a one-row matrix, and then the result keeps the
# dimension of size 1:
#
# ```pycon
# >>> import torch
# >>> x = torch.ones(3)
# >>> M = torch.ones(3, 2)
# >>> # (3,) @ (3, 2): the 1 is removed
# >>> torch.matmul(x, M).shape
# torch.Size([2])
# >>> # (1, 3) @ (3, 2): the 1 stays
# >>> row = x.reshape(1, 3)
# >>> torch.matmul(row, M).shape
# torch.Size([1, 2])
# ```
#
# ### Examples
#
# The code below defines `a`, `b`, `A` and `B`; the pictures and the pitfalls further
# down this page reuse these same tensors:

# %%
a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 5.0, 6.0])
A = torch.tensor(  # (2, 3)
    [
        [1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0],
    ]
)
B = torch.tensor(  # (3, 2)
    [
        [1.0, 0.0],
        [0.0, 1.0],
        [1.0, 1.0],
    ]
)
# (3,) @ (3,) -> (): 1*4 + 2*5 + 3*6
y = torch.matmul(a, b)
print("a @ b =", y)
# (2, 3) @ (3, 2) -> (2, 2)
print("A @ B =")
print(A @ B)
# (3,) @ (3, 2) -> (2,)
print("a @ B =", torch.matmul(a, B))
# (2, 3) @ (3,) -> (2,)
print("A @ a =", torch.matmul(A, a))

# %% [markdown]
# For batches, only the shapes matter here. `torch.ones(...)` makes a tensor of the given
# shape filled with 1s. `X` is a stack of 4 matrices of shape `(2, 3)`, times one `(3, 2)`
# matrix `W`: `W` has no batch dimensions, so it multiplies each of the 4, giving 4
# matrices of shape `(2, 2)`. `P` and `Q` both have batch dimensions, `(4, 1)` and `(5,)`;
# the picture below the code shows how they pair. Last, `X @ v` is a stack times a vector
# `v`: `v` gets a 1 appended, `(3, 1)`; each matrix of `X` times it gives `(2, 1)`, and with
# the 1 removed the result is `(4, 2)`:

# %%
# a stack of 4 matrices, each (2, 3)
X = torch.ones(4, 2, 3)
# one (3, 2) matrix
W = torch.ones(3, 2)
# (4, 2, 3) @ (3, 2) -> (4, 2, 2)
XW = X @ W
print("X @ W:", tuple(XW.shape))
# batch shapes (4, 1) and (5,)
P = torch.ones(4, 1, 2, 3)
Q = torch.ones(5, 3, 2)
# -> batch shape (4, 5)
PQ = P @ Q
print("P @ Q:", tuple(PQ.shape))
# a vector against the stack:
# (4, 2, 3) @ (3,) -> (4, 2)
v = torch.ones(3)
Xv = X @ v
print("X @ v:", tuple(Xv.shape))

# %% [markdown]
# Drawn out, the batch shape of `P @ Q`: `P`'s `(4, 1)` on top, `Q`'s `(5,)` below, aligned from
# the right; `Q` has one axis fewer, so a 1 is filled in on its left. Cells of one colour are the
# same axis; the 1 filled in on `Q`'s left is left uncoloured, as `Q` has no such axis. In each
# axis a 1 takes the other side's size, which gives the batch shape
# `(4, 5)`, that is, 4 × 5 pairs of matrices, each pair giving one `(2, 2)` matrix. Under each
# batch shape is the whole shape; its last two axes, the matrix part, take no part in the
# alignment:

# %%
at.diagram_batch_shapes(
    P,
    Q,
    names=("P", "Q"),
)

# %% [markdown]
# ### Diagrams
#
# The five cases, drawn with the `a`, `b`, `A` and `B` of the examples. All five read the
# same way: each tensor is a grid of cells with the values inside and the shape underneath;
# the inputs are on the top level, and an arrow with the code leads down to the result.
# Each input is labelled with its variable name from the code; the result is labelled `y`.
# The colour marks the summed axis (the index $l$). Inside the red frames, the cells of the
# same colour are multiplied in pairs and the products added up, which gives the framed
# element of the result: its first element. `y` holds new values, left uncoloured.
#
# **1-D · 1-D**, a dot product: the vectors `a` and `b` meet element by element.

# %%
at.diagram_matmul(a, b)

# %% [markdown]
# **2-D · 2-D**: row $i$ of `A` meets column $j$ of `B` to make
# $y_{ij} = \sum_l A_{il} B_{lj}$; column $l$ of `A` has the colour of row $l$ of `B`.

# %%
at.diagram_matmul(
    A,
    B,
    names=("A", "B"),
)

# %% [markdown]
# **1-D · 2-D**: the vector `a` is used as one row, and is multiplied and summed with each
# column of `B`.

# %%
at.diagram_matmul(
    a,
    B,
    names=("a", "B"),
)

# %% [markdown]
# **2-D · 1-D**: the vector `a` is used as one column, and each row of `A` is multiplied
# and summed with it. The picture still draws the vector `a` as a row (a 1-D tensor is
# neither a row nor a column); in the computation it is a column: its element $l$ has the colour of
# column $l$ of `A`.

# %%
at.diagram_matmul(
    A,
    a,
    names=("A", "a"),
)

# %% [markdown]
# **Batched**: `batch` is a stack of two `(2, 3)` matrices, times the one `(3, 2)` matrix
# `B`; `B` has no batch dimensions, so it is multiplied with each matrix of `batch`. The blue
# frames mark the second pair: row 0 of `batch[1]` and the same column of `B` (the one in the
# red frames) make `y[1, 0, 0]`.

# %%
# (2, 2, 3) @ (3, 2) -> (2, 2, 2)
batch = torch.stack([A, A + 1])
at.diagram_matmul(
    batch,
    B,
    names=("batch", "B"),
)

# %% [markdown]
# ### Pitfalls
#
# The two axes that are summed over must have the same size. PyTorch's message calls the
# two matrices `mat1` and `mat2` and writes each shape as rows x columns. With a stack of
# matrices on the left and one matrix on the right, the batch is folded into the rows (a stack
# on the right too gives the batch2 message below): the `8x3` of the second message
# below is the 4 matrices of `X` with 2 rows each, 8 rows in all. This is the message that
# attention code gives when a `(batch, n, d)` tensor meets a weight matrix of the wrong size:

# %%
try:
    # (2, 3) @ (2, 3): 3 != 2
    torch.matmul(A, A)
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    # (4, 2, 3) @ (2, 3): the batch is
    # folded into the rows, 4 * 2 = 8
    torch.matmul(X, A)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`mat1 and mat2 shapes cannot be multiplied`](errors.py#mat1-and-mat2-shapes-cannot-be-multiplied).

# %% [markdown]
# With a vector on the right, the message speaks of `mat` (matrix) and `vec` (vector):

# %%
try:
    # (2, 3) @ (2,)
    torch.matmul(A, torch.ones(2))
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Careful: `input` here is not the `A` you passed as the first argument. It is the vector
# PyTorch sets aside internally for the result, and its length 2 is the number of rows of
# `A`. `mat` is `A`, and `vec` is the vector on the right, of length 2 where 3 is needed.
#
# Listed in the error-message index: [`size mismatch, got input (…), mat (…), vec (…)`](errors.py#size-mismatch-got-input--mat--vec-).

# %% [markdown]
# With batches, the two batch shapes must follow the rule of the “Batched” case above. The
# two stacks below have batch dimensions `(4,)` and `(5,)`: 4 and 5 are neither equal nor 1:

# %%
try:
    # batch dims (4,) and (5,): 4 != 5
    torch.matmul(
        torch.ones(4, 2, 3),
        torch.ones(5, 3, 2),
    )
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# In the message, `tensor a` and `tensor b` are the left and the right side, and 4 and 5 in
# brackets are their sizes in the dimension that clashes; `dimension 0` is that dimension's
# number: each side has one batch dimension, so it is dimension 0. How the number is counted
# when the two sides have different numbers of batch dimensions: see the index's entry,
# [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-).

# %% [markdown]
# When the two summed axes differ, the other products only word the mistake differently. Two
# vectors of different lengths (1-D · 1-D):

# %%
try:
    # (3,) @ (2,): 3 != 2
    torch.ones(3) @ torch.ones(2)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively`](errors.py#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively).
#
# The error-message index has the other wordings too: a vector on the left of a matrix
# (1-D · 2-D) is read as one row first, so the message is the
# `mat1 and mat2` one with the vector written `1x…`; with more than two dimensions on the
# right, PyTorch hands the work to `torch.bmm` inside, which says
# [`Expected size for first two dimensions of batch2 tensor to be: […] but got: […].`](errors.py#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)

# %% [markdown]
# The two sides must also have the same dtype. Data made with NumPy are float64 by default,
# PyTorch's floating-point tensors float32, and multiplying the two fails; here the float32 `A` times a
# float64 vector:

# %%
try:
    # float32 (2, 3) @ float64 (3,)
    torch.matmul(A, a.double())
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# The message names three dtypes for two tensors: the result's first (it follows the vector),
# then `A`'s and the vector's. The fix is to make the float64 side float32: `.float()`. Each kind of product words this
# mistake its own way, and the error-message index has them all: a matrix (or a stack of
# matrices) times a vector gives
# [`addmv input tensors must have the same dtype, but got …`](errors.py#addmv-input-tensors-must-have-the-same-dtype-but-got-)
# (the message above), a 2-D right side gives
# [`expected m1 and m2 to have the same dtype`](errors.py#expected-m1-and-m2-to-have-the-same-dtype),
# two vectors (1-D · 1-D) give
# [`dot : expected both vectors to have same dtype, but found …`](errors.py#dot--expected-both-vectors-to-have-same-dtype-but-found-),
# and a right side of more than two dimensions gives
# [`expected scalar type Float but found Double`](errors.py#expected-scalar-type-float-but-found-double).
# These are the wordings with float32 on the left and float64 on the right; with float64 on
# the left, the dtype names swap places.

# %% [markdown]
# And `*` is not `@`: `*` multiplies element by element (with broadcasting) and sums
# nothing.

# %%
# elementwise: (2, 3)
print("A * A  ", tuple((A * A).shape))
# A.T: the transpose, (3, 2)
# (2, 3) @ (3, 2) -> (2, 2)
print("A @ A.T", tuple((A @ A.T).shape))


# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
def said(call, *args):
    """The error call(*args) raises."""
    try:
        call(*args)
    except RuntimeError as err:
        return str(err)
    raise AssertionError("no error")


# a @ b: a 0-d tensor, no axes at all
assert y.dim() == 0
assert PQ.shape == (4, 5, 2, 2)
assert Xv.shape == (4, 2)
# the batch folded into the rows: 4 * 2
folded = said(torch.matmul, X, A)
assert "(8x3 and 2x3)" in folded
# "input" is the result: the rows of A
rows = len(A)
wrong = torch.ones(2)
vec = said(torch.matmul, A, wrong)
assert f"input ({rows})" in vec
# batch dims (4,) and (5,): dimension 0
s4 = torch.ones(4, 2, 3)
s5 = torch.ones(5, 3, 2)
batches = said(torch.matmul, s4, s5)
assert batches.endswith("dimension 0")
# (3,) @ (2,): the 1-D · 1-D message
v3, v2 = torch.ones(3), torch.ones(2)
dots = said(torch.matmul, v3, v2)
assert dots.startswith("inconsistent")
# float32 @ float64: the addmv message
a64 = a.double()
mixed = said(torch.matmul, A, a64)
assert mixed.startswith("addmv input")
assert "the same dtype" in mixed

# %% [markdown]
# ### Where the chapter uses it
#
# - [Non-parametric attention pooling](../nonparametric.py):
#   `torch.matmul(attention_weights, y_train)` is the 2-D · 1-D case,
#   `(n_test, n_train) @ (n_train,)` giving `(n_test,)`: each prediction is the dot
#   product of one row of weights with the values. To multiply each query's own row
#   of weights by its own values (with leave-one-out, every query has values of its own), the
#   parametric model uses [torch.bmm](bmm.py).
# - [From kernel regression to Transformer attention](../transformer.py): the batched case.
#   `QK = Q @ K.transpose(-2, -1)` is `(batch, n_q, d) @ (batch, d, n_k)` giving
#   `(batch, n_q, n_k)`, and `output = attention_weights @ V` is
#   `(batch, n_q, n_k) @ (batch, n_k, d_v)` giving `(batch, n_q, d_v)`; its leave-one-out
#   `weights @ y_train` is 2-D · 1-D again, `(n_train, n_train) @ (n_train,)` giving `(n_train,)`.
# - [Learned projections on a 2-D toy problem](../projections.py): `W_q.T @ W_k` multiplies
#   two `(2, 2)` matrices (2-D · 2-D); `weights_projected @ keys_x1` is `(20, 100) @ (100,)`
#   giving `(20,)`, the centre of mass of each query's weights: the keys' x₁ averaged with
#   that query's weights.
