# %% [markdown]
# # torch.bmm: one matrix product per batch element
#
# `torch.bmm` (“batch matrix multiply”) takes two stacks of matrices and multiplies them
# pair by pair. The parametric model of the chapter needs it because every query has
# its **own** keys and values: one small product per query, all in one call.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.bmm
#
# ```python
# torch.bmm(
#     input, mat2, *, out=None
# ) -> Tensor
# ```
#
# For `input` of shape `(b, n, k)` and `mat2` of shape `(b, k, m)` it returns the
# `(b, n, m)` tensor whose slice `i` is `input[i] @ mat2[i]`.
#
# - `input`, `mat2`: **3-D** tensors with the same batch size `b` and the same dtype;
#   the last axis of `input` and the middle axis of `mat2` must match (`k`).
#
# Unlike [`torch.matmul`](matmul.py), `bmm` does not broadcast and does not accept
# other numbers of dimensions. That strictness is useful: a shape mistake fails loudly
# instead of being broadcast into something else.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> m1 = torch.arange(12.0)
# >>> # (b, n, k)
# >>> m1 = m1.reshape(2, 2, 3)
# >>> # (b, k, m)
# >>> m2 = torch.ones(2, 3, 1)
# >>> # (b, n, m): row sums
# >>> y = torch.bmm(m1, m2)
# >>> y.shape
# torch.Size([2, 2, 1])
# >>> y[:, :, 0]
# tensor([[ 3., 12.],
#         [21., 30.]])
# >>> # slice i = m1[i] @ m2[i]
# >>> torch.equal(y[1], m1[1] @ m2[1])
# True
# ```
#
# The chapter's pattern: each query has a row of weights and a row of values; make the
# weights `(1, n_keys)` row matrices and the values `(n_keys, 1)` column matrices, and
# each product is one weighted sum. The `weights` and `values` here come back in the
# diagram and the pitfalls below.

# %%
# (n_queries, n_keys) = (3, 2)
weights = torch.tensor(
    [
        [0.2, 0.8],
        [0.5, 0.5],
        [1.0, 0.0],
    ]
)
values = torch.tensor(
    [
        [1.0, 2.0],
        [3.0, 5.0],
        [7.0, 9.0],
    ]
)
# (3, 1, 2) @ (3, 2, 1)
y_hat = torch.bmm(
    weights.unsqueeze(1),
    values.unsqueeze(-1),
)
print(tuple(y_hat.shape))
# (n_queries,)
print(y_hat.reshape(-1))
# the same sums, written elementwise
print((weights * values).sum(dim=1))

# %% [markdown]
# ### Diagram
#
# Slice `i` of the result comes only from slices `i` of the inputs. In each slice, a
# cell of `m1` is multiplied by the cell of `m2` with the same colour, and the products
# are summed. The red frames are the cells of the sum
# written below the picture: they make `y[0, 0, 0]`.

# %%
m1 = torch.arange(12.0).reshape(2, 2, 3)
m2 = torch.arange(6.0).reshape(2, 3, 1)
at.diagram_bmm(
    m1,
    m2,
    names=("m1", "m2"),
)

# %% [markdown]
# The chapter's case, with the example's `weights` and `values`: three queries and two
# keys each, so every slice is a
# `(1, 2) @ (2, 1)` product, a weighted sum of one query's values. Again, the red frames
# are the cells of the sum written below the picture.

# %%
# weights and values: the example's
# (3, 1, 2) @ (3, 2, 1)
at.diagram_bmm(
    weights.unsqueeze(1),
    values.unsqueeze(-1),
    # the panels' labels: this code
    names=(
        "weights.unsqueeze(1)",
        "values.unsqueeze(-1)",
    ),
)

# %% [markdown]
# ### Pitfalls
#
# Forgetting the `unsqueeze` calls passes 2-D tensors, and `bmm` refuses them (PyTorch
# calls the arguments `batch1` and `batch2`):

# %%
try:
    # (3, 2) and (3, 2): not 3-D
    torch.bmm(weights, values)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`batch1 must be a 3D tensor`](errors.py#batch1-must-be-a-3d-tensor).

# %% [markdown]
# Unsqueezing the values at the wrong place gives `(3, 1, 2)` twice; the inner sizes do
# not match. PyTorch expects `batch2` to start with `(b, k)` = `[3, 2]` (k from `w3`'s
# last axis), but `v3` starts with `[3, 1]`:

# %%
w3 = weights.unsqueeze(1)  # (3, 1, 2)
v3 = values.unsqueeze(1)  # (3, 1, 2)
try:
    torch.bmm(w3, v3)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`Expected size for first two dimensions of batch2 tensor …`](errors.py#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-).

# %% [markdown]
# And no broadcasting, even for a batch of size 1 (`torch.matmul` would broadcast it):
# `batch2` should start with `(b, k)` = `[2, 3]`, but `m2` starts with `[1, 3]`:

# %%
m1 = torch.ones(2, 2, 3)
m2 = torch.ones(1, 3, 2)
try:
    torch.bmm(m1, m2)
except RuntimeError as err:
    print("RuntimeError:", err)
print(tuple(torch.matmul(m1, m2).shape))

# %% [markdown]
# Listed in the error-message index: [`Expected size for first two dimensions of batch2 tensor …`](errors.py#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-).

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# pitfalls: the sizes read from the
# batch2 messages; (b, k) takes b from
# the first tensor, k from its last axis
cases = [
    (w3, v3, [3, 2], [3, 1]),
    (m1, m2, [2, 3], [1, 3]),
]
for first, second, b_k, got in cases:
    size, *_, k = first.shape
    assert b_k == [size, k]
    msg = ""
    try:
        torch.bmm(first, second)
    except RuntimeError as err:
        msg = str(err)
    expected = f"{b_k} but got: {got}"
    assert expected in msg

# %% [markdown]
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py): the model
# <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>
# computes its predictions like this, with `weights` and `values` both of shape
# `(n_queries, n_keys)`:
#
# ```python
# # (n_queries, 1, 1)
# y_hat = torch.bmm(
#     weights.unsqueeze(1),
#     values.unsqueeze(-1),
# )
# # (n_queries,): what the model returns
# y_hat.reshape(-1)
# ```
#
# For the two `unsqueeze` calls, see [squeeze and unsqueeze](squeeze.py).
