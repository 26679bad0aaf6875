# %% [markdown]
# # torch.einsum: products written as index equations
#
# `torch.einsum` multiplies tensors and sums over indices that you name with letters, like
# the formulas on paper. The chapter's batch product is
#
# ```python
# torch.bmm(
#     weights.unsqueeze(1),
#     values.unsqueeze(-1),
# ).reshape(-1)
# ```
#
# It needs two `unsqueeze` calls and a `reshape` to say “for every query $q$, sum over the
# keys $k$ of weight times value”. In einsum that is `"qk,qk->q"`.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.einsum
#
# ```python
# torch.einsum(
#     equation, *operands
# ) -> Tensor
# ```
#
# - `equation`: one group of letters per operand, separated by commas, then `->` and the
#   letters of the result. Each letter names one dimension.
# - A letter that appears in the inputs but **not** after `->` is summed over.
# - A letter shared by several inputs must have the same size in all of them (size 1 is the
#   exception: see Pitfalls); the elements at the same index along that letter are multiplied.
# - A letter repeated within one operand (as in `"ii"`) takes only the elements whose two
#   indices are equal: the diagonal.
# - `operands`: the tensors, as many as there are letter groups (`"qk,qk->q"` has two
#   groups, so it takes two tensors).
#
# | equation | the same as |
# |---|---|
# | `"i,i->"` | `torch.dot(a, b)`, the dot product |
# | `"ij,jk->ik"` | `A @ B`, matrix product |
# | `"bij,bjk->bik"` | `torch.bmm(A, B)`, one product per batch element |
# | `"ij->ji"` | `A.T`, transpose (nothing summed) |
# | `"bqd,bkd->bqk"` | `Q @ K.transpose(-2, -1)`, attention scores before the division by $\sqrt{d}$ |
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> A = torch.tensor(
# ...     [[1.0, 2.0], [3.0, 4.0]]
# ... )
# >>> B = torch.tensor(
# ...     [[1.0, 0.0], [1.0, 1.0]]
# ... )
# >>> torch.einsum("ij,jk->ik", A, B)
# tensor([[3., 2.],
#         [7., 4.]])
# >>> AB = torch.einsum("ij,jk->ik", A, B)
# >>> torch.equal(AB, A @ B)
# True
# >>> # the trace, 1 + 4: the repeated
# >>> # letter i walks the diagonal
# >>> torch.einsum("ii->", A)
# tensor(5.)
# ```
#
# Next, the chapter's `bmm` with `unsqueeze` next to the einsum that says the same. First
# the weights and values of three queries, two keys each (the diagram below uses these two
# tensors too):

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
        [10.0, 20.0],
        [30.0, 40.0],
        [50.0, 60.0],
    ]
)

# %%
# (3, 1, 2) @ (3, 2, 1) -> (3, 1, 1)
y = torch.bmm(
    weights.unsqueeze(1),
    values.unsqueeze(-1),
)
print("bmm:   ", y.reshape(-1))
y_einsum = torch.einsum(
    "qk,qk->q",
    weights,
    values,
)
print("einsum:", y_einsum)

# %% [markdown]
# ### Diagram
#
# `"qk,qk->q"` takes two steps: multiply the example's `weights` and `values` elementwise,
# then add up each row (each query $q$) along $k$. The code below prints both steps; the
# picture after it shows the inputs and the result:

# %%
products = weights * values  # (3, 2)
print(products)
# the sum over k: what "->q" keeps
y_hat = products.sum(dim=1)  # (3,)
print(y_hat)

# %% [markdown]
# In the picture the colour marks the row, that is the query: a row of `weights` and the same
# row of `values` share a colour, and their products add up to the element of `y_hat` in that
# colour. The framed cells are the first query: the two numbers in the first row of the
# products printed above add up to the first element of `y_hat`.

# %%
at.diagram_einsum(weights, values)

# %% [markdown]
# ### Pitfalls
#
# A letter must have one size. The one exception is size 1, which broadcasts to the other
# size: hence the error's wording. Here `k` is 2 in the first operand and 3 in the second
# (PyTorch counts operands from 0: its operand 1 is `b`):

# %%
a = torch.ones(3, 2)  # q = 3, k = 2
b = torch.ones(3, 3)  # q = 3, k = 3
try:
    torch.einsum("qk,qk->q", a, b)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`einsum(): subscript … which does not broadcast with previously seen size …`](errors.py#einsum-subscript--which-does-not-broadcast-with-previously-seen-size-).
#
# The size-1 exception at work: `k` is 1 in `a` and broadcasts to `b`'s 2, so each row sums two
# ones:

# %%
# k = 1 in a: it broadcasts to b's 2
a = torch.ones(3, 1)
b = torch.ones(3, 2)
print(torch.einsum("qk,qk->q", a, b))

# %% [markdown]
# There must be one tensor per group of letters. `"qk,qk->q"` has two groups; here it gets
# three tensors:

# %%
a = torch.ones(3, 2)
try:
    torch.einsum("qk,qk->q", a, a, a)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`einsum(): more operands were provided than specified in the equation`](errors.py#einsum-more-operands-were-provided-than-specified-in-the-equation).
# One tensor too few, and the message says `fewer operands` instead.

# %% [markdown]
# Each group must also have one letter per dimension of its tensor. `"qk"` has two letters;
# the tensor has three dimensions:

# %%
x = torch.ones(3, 2, 1)  # 3 dimensions
try:
    torch.einsum("qk->q", x)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)`](errors.py#einsum-the-number-of-subscripts-in-the-equation--does-not-match-the-number-of-dimensions-).
#
# The “no ellipsis was given” at the end of that message refers to `...`. Written at the
# front of a group, it stands for any number of leading dimensions. As long as the result
# also writes `...`, they are not summed: they are matched index by index like a batch
# dimension (broadcast if need be), and kept where `...` stands in the result. Leave `...`
# out of the result and they are summed. One equation then serves a pair of matrices and a
# batch of them alike:
#
# ```pycon
# >>> import torch
# >>> eq = "...qd,...kd->...qk"
# >>> Q = torch.ones(3, 4)  # (q, d)
# >>> K = torch.ones(5, 4)  # (k, d)
# >>> torch.einsum(eq, Q, K).shape
# torch.Size([3, 5])
# >>> Q = torch.ones(2, 3, 4)  # (b, q, d)
# >>> K = torch.ones(2, 5, 4)  # (b, k, d)
# >>> torch.einsum(eq, Q, K).shape
# torch.Size([2, 3, 5])
# >>> # no ... after ->: b is summed too
# >>> S = torch.einsum(
# ...     "...qd,...kd->qk", Q, K
# ... )
# >>> # each entry: 2 batches x 4 terms
# >>> S.shape, S[0, 0]
# (torch.Size([3, 5]), tensor(8.))
# ```
#
# Here `...` stands first for no dimension at all, then for the batch dimension `b`. The
# last equation has no `...` in its result, so `b` is summed like `d`: each entry adds 4
# products in each of 2 batch elements, 8 in all. The chapter writes every letter out, so
# that each dimension stays visible.

# %% [markdown]
# And einsum does not check **meaning**: `"qk,kq->q"` runs whenever the sizes happen to
# fit (a square matrix), but pairs `weights[q, k]` with `values[k, q]`, the transposed entry,
# and quietly returns other numbers:

# %%
# the first two queries: (2, 2),
# square, so both equations run
w2 = weights[:2]
v2 = values[:2]
same = torch.einsum("qk,qk->q", w2, v2)
swap = torch.einsum("qk,kq->q", w2, v2)
print("qk,qk->q:", same)
print("qk,kq->q:", swap)

# %% [markdown]
# The first query should get $0.2 \cdot 10 + 0.8 \cdot 20 = 18$; `"qk,kq->q"` computes
# $0.2 \cdot 10 + 0.8 \cdot 30 = 26$. Name the letters after the formula (`q` for queries,
# `k` for keys) and the mistake is easy to see.
#
# ### Where the chapter uses it
#
# The page [Parametric attention pooling](../parametric.py) computes the weighted sums with
# [torch.bmm](bmm.py) and [unsqueeze](squeeze.py), as in the `bmm` cell under Examples
# above. The page [From kernel regression to Transformer attention](../transformer.py), in
# the section
# [Scaled dot-product attention, written out](../transformer.py#scaled-dot-product-attention-written-out),
# writes the scores as `Q @ K.transpose(-2, -1)`, computes them again as
# `torch.einsum("bqd,bkd->bqk", Q, K)` and checks that the two agree.
