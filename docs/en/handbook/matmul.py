# %% [markdown]
# # torch.matmul: one function, five kinds of product
#
# `torch.matmul(input, other)` (also written `input @ other`) multiplies and sums along
# one pair of axes: the last axis of `input` meets the second-to-last axis of `other`.
# What the result looks like depends on how many dimensions the two tensors have, and
# there are five cases.
#
# The `at` imported below is the tutorial's package: `at.diagram_*` only draw the pictures
# and are not PyTorch API to learn.

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
# shape of the result):
#
# - **1-D · 1-D**: `(d,)` and `(d,)` → `()`. The dot product $y = \sum_l a_l b_l$.
# - **2-D · 2-D**: `(n, d)` and `(d, m)` → `(n, m)`. The matrix product
#   $y_{ij} = \sum_l A_{il} B_{lj}$.
# - **1-D · 2-D**: `(d,)` and `(d, m)` → `(m,)`. A 1 is prepended: `(1, d) @ (d, m)` is
#   `(1, m)`, and the 1 is removed.
# - **2-D · 1-D**: `(n, d)` and `(d,)` → `(n,)`. A 1 is appended: `(n, d) @ (d, 1)` is
#   `(n, 1)`, and the 1 is removed.
# - **Batched** (either side has more than two dimensions): the last two axes hold the
#   matrices, and the axes in front of them stack many matrices into a batch. The two
#   stacks are multiplied pair by pair: the first matrix of one with the first of the
#   other, the second with the second, and so on. If one side has no batch dimensions (a single
#   matrix or vector), it is paired with every matrix of the other stack; this is
#   [broadcasting](expand.py#broadcasting), and a batch dimension of size 1 is reused in the same way. When both
#   sides have batch dimensions, these are aligned from the right, as in broadcasting.
#   With `...` for the batch dimensions: `(..., n, d)` and `(..., d, m)` → `(..., n, m)`.
#
# ### Examples
#
# The code below defines `a`, `b`, `A` and `B`; the pictures and pitfalls further down
# this page use these same tensors:

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
# a 0-d tensor: no axes at all
assert y.dim() == 0
# (2, 3) @ (3, 2) -> (2, 2)
print("A @ B =")
print(A @ B)
# (3,) @ (3, 2) -> (2,)
print("a @ B =", torch.matmul(a, B))
# (2, 3) @ (3,) -> (2,)
print("A @ a =", torch.matmul(A, a))

# %% [markdown]
# The batched case: first a stack of matrices times one matrix, then two stacks whose
# batch dimensions are aligned from the right and broadcast, as in elementwise operations:
#
# ```python
# >>> import torch
# >>> # a batch of 4 matrices, each (2, 3)
# >>> X = torch.ones(4, 2, 3)
# >>> W = torch.ones(3, 2)
# >>> # W multiplies every matrix of X
# >>> torch.matmul(X, W).shape
# torch.Size([4, 2, 2])
# >>> # batch dimensions (4, 1) and (5,)
# >>> X = torch.ones(4, 1, 2, 3)
# >>> Y = torch.ones(5, 3, 2)
# >>> torch.matmul(X, Y).shape
# torch.Size([4, 5, 2, 2])
# ```
#
# ### Pictures
#
# The five cases, drawn with the `a`, `b`, `A` and `B` of the examples. The inputs carry
# their names in the code; the result is called `y`. The colour marks the summed axis
# (the index $l$); inside the red frames, same-coloured cells are multiplied and summed
# into the framed element of the result (its first element).
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
# **1-D · 2-D**: the vector `a` acts as one row and meets every column of `B`.

# %%
at.diagram_matmul(
    a,
    B,
    names=("a", "B"),
)

# %% [markdown]
# **2-D · 1-D**: the vector `a` acts as one column; every row of `A` meets it. The picture
# still draws `a` as a row (a 1-D tensor is neither a row nor a column), used as a column: its element $l$ has
# the colour of column $l$ of `A`.

# %%
at.diagram_matmul(
    A,
    a,
    names=("A", "a"),
)

# %% [markdown]
# **Batched**: `batch` is a stack of two `(2, 3)` matrices, times the one `(3, 2)` matrix
# `B`; `B` has no batch dimension (its batch shape is the empty `()`), so it is broadcast: it
# pairs with every matrix of `batch`.

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
# The summed axes must have the same size. PyTorch names the two matrices `mat1` and
# `mat2` and prints their shapes as rows x columns:

# %%
try:
    # (2, 3) @ (2, 3): 3 != 2
    torch.matmul(A, A)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`mat1 and mat2 shapes cannot be multiplied`](errors.py#mat1-and-mat2-shapes-cannot-be-multiplied).

# %% [markdown]
# With a vector on the right the message speaks of `mat` and `vec`:

# %%
try:
    # (2, 3) @ (2,)
    torch.matmul(A, torch.ones(2))
except RuntimeError as err:
    print("RuntimeError:", err)
    # "input" is the result: rows of A
    rows = len(A)
    assert f"input ({rows})" in str(err)

# %% [markdown]
# Here `input` is not the `A` you passed as the first argument but PyTorch's internal
# vector for the result, of length 2, the number of rows of `A`; `mat` is `A`; `vec` is the
# vector on the right, of length 2 where 3 is needed.
#
# Listed in the error-message index: [`size mismatch, got input (…), mat (…), vec (…)`](errors.py#size-mismatch-got-input--mat--vec-).

# %% [markdown]
# With a vector on the left the words change again. Two vectors of different lengths
# (1-D · 1-D, a dot product) make the message speak of numbers of elements; with a matrix on
# the right (1-D · 2-D) the vector is first read as a one-row matrix, so the message is the
# `mat1 and mat2` one, with the vector's shape written `1x…`:

# %%
for left, right in [
    # (3,) @ (2,): a dot product
    (a, torch.ones(2)),
    # (3,) @ (2, 3): a read as (1, 3)
    (a, A),
]:
    try:
        torch.matmul(left, right)
    except RuntimeError as err:
        print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively`](errors.py#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively);
# [`mat1 and mat2 shapes cannot be multiplied`](errors.py#mat1-and-mat2-shapes-cannot-be-multiplied).

# %% [markdown]
# With batches, the two batch shapes must broadcast too: aligned from the right, the two
# sizes of each dimension are equal or one of them is 1. The two stacks below have batch
# dimensions `(4,)` and `(5,)`: 4 and 5 are neither equal nor 1. In the message, tensor a
# and tensor b are the two batch shapes, and the dimension is counted in the batch shape
# aligned from the right: each side has one batch dimension here, hence dimension 0:

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
# Listed in the error-message index: [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-).

# %% [markdown]
# And `*` is not `@`: `*` multiplies element by element (with broadcasting) and sums
# nothing.

# %%
# elementwise: (2, 3)
print("A * A  ", tuple((A * A).shape))
# A.T: the transpose, (3, 2)
# (2, 3) @ (3, 2) -> (2, 2)
print("A @ A.T", tuple((A @ A.T).shape))

# %% [markdown]
# ### Where the chapter uses it
#
# [Non-parametric attention pooling](../nonparametric.py):
# `torch.matmul(attention_weights, y_train)` is the 2-D · 1-D case,
# `(n_test, n_train) @ (n_train,)` giving `(n_test,)`: each prediction is the dot
# product of one row of weights with the values. To multiply each query's own row
# of weights by its own values (with leave-one-out, every query has values of its own), the
# parametric model uses [torch.bmm](bmm.py).
