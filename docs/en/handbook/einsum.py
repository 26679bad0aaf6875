# %% [markdown]
# # torch.einsum: products written as index equations
#
# `torch.einsum` multiplies tensors and sums over indices that you name with letters, like
# the formulas on paper. The chapter's batch product `torch.bmm(weights.unsqueeze(1),
# values.unsqueeze(-1)).reshape(-1)` needs two `unsqueeze` calls and a `reshape` to say
# "for every query $q$, sum over the keys $k$ of weight times value". In einsum that is
# `"qk,qk->q"`.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.einsum
#
# ```python
# torch.einsum(equation, *operands) -> Tensor
# ```
#
# - `equation`: one group of letters per operand, separated by commas, then `->` and the
#   letters of the result. Each letter names one dimension.
# - A letter that appears in the inputs but **not** after `->` is summed over.
# - A letter shared by several inputs must have the same size in all of them (or size 1,
#   which broadcasts); the elements at the same index along that letter are multiplied.
# - A letter repeated within one operand (as in `"ii"`) takes only the elements whose two
#   indices are equal: the diagonal.
# - `operands`: the tensors, as many as there are letter groups.
#
# | equation | the same as |
# |---|---|
# | `"i,i->"` | `torch.dot(a, b)`, the dot product |
# | `"ij,jk->ik"` | `A @ B`, matrix product |
# | `"bij,bjk->bik"` | `torch.bmm(A, B)`, one product per batch element |
# | `"ij->ji"` | `A.T`, transpose (nothing summed) |
# | `"bqd,bkd->bqk"` | `Q @ K.transpose(-2, -1)`, attention scores |
#
# ### Examples
#
# ```python
# >>> import torch
# >>> A = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
# >>> B = torch.tensor([[1.0, 0.0], [1.0, 1.0]])
# >>> torch.einsum("ij,jk->ik", A, B)
# tensor([[3., 2.],
#         [7., 4.]])
# >>> torch.equal(torch.einsum("ij,jk->ik", A, B), A @ B)
# True
# >>> torch.einsum("ii->", A)  # trace: the repeated letter walks the diagonal
# tensor(5.)
# ```
#
# The chapter's `bmm` with `unsqueeze`, and the einsum that says the same:
#
# ```python
# >>> import torch
# >>> weights = torch.tensor([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]])  # (n_queries, n_keys)
# >>> values = torch.tensor([[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]])  # (n_queries, n_keys)
# >>> torch.bmm(weights.unsqueeze(1), values.unsqueeze(-1)).reshape(-1)
# tensor([18., 35., 50.])
# >>> torch.einsum("qk,qk->q", weights, values)
# tensor([18., 35., 50.])
# ```
#
# ### Picture
#
# `"qk,qk->q"`: the colour marks the row, that is the query. A row of `weights` and the same row
# of `values` share a colour; their cells are multiplied pairwise and summed into the element of
# `y_hat` in that colour. The framed cells make up the first element.
#
# The function that draws it (open to see its source):
#
# <!-- source: attention_tutorial.figures.tensors.products.diagram_einsum -->

# %%
weights = torch.tensor([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]])  # (3, 2)
values = torch.tensor([[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]])  # (3, 2)
at.diagram_einsum(weights, values)

# %% [markdown]
# ### Pitfalls
#
# A letter must have one size (or size 1, which broadcasts: hence the error's wording). Here `k`
# is 2 in the first operand and 3 in the second:

# %%
try:
    torch.einsum("qk,qk->q", torch.ones(3, 2), torch.ones(3, 3))
except RuntimeError as err:
    print(type(err).__name__ + ":", str(err).splitlines()[0])

# %% [markdown]
# In the error message index: [`einsum(): subscript … which does not broadcast with previously seen size …`](errors.py#einsum-subscript--which-does-not-broadcast-with-previously-seen-size-).

# %% [markdown]
# The number of letter groups must match the number of tensors, and each group must have
# as many letters as its tensor has dimensions:

# %%
try:
    torch.einsum("qk->q", torch.ones(3, 2, 1))
except RuntimeError as err:
    print(type(err).__name__ + ":", str(err).splitlines()[0])

# %% [markdown]
# In the error message index: [`einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)`](errors.py#einsum-the-number-of-subscripts-in-the-equation--does-not-match-the-number-of-dimensions-).

# %% [markdown]
# And einsum does not check **meaning**: `"qk,kq->q"` runs whenever the sizes happen to
# fit (a square matrix), but pairs `weights[q, k]` with `values[k, q]`, the transposed entry,
# and quietly returns other numbers:

# %%
weights_2 = torch.tensor([[0.2, 0.8], [0.5, 0.5]])  # (2, 2): square, so both run
values_2 = torch.tensor([[10.0, 20.0], [30.0, 40.0]])  # (2, 2)
print('"qk,qk->q":', torch.einsum("qk,qk->q", weights_2, values_2))
print('"qk,kq->q":', torch.einsum("qk,kq->q", weights_2, values_2))

# %% [markdown]
# The first query should get $0.2 \cdot 10 + 0.8 \cdot 20 = 18$; `"qk,kq->q"` computes
# $0.2 \cdot 10 + 0.8 \cdot 30 = 26$. Name the letters after the formula (`q` for queries,
# `k` for keys) and the mistake is easy to see.
#
# ### Where the chapter uses it
#
# The page [Parametric attention pooling](../parametric.py) computes the weighted sums with
# [torch.bmm](bmm.py) and [unsqueeze](squeeze.py), as in the second example above. The page
# [From kernel regression to Transformer attention](../transformer.py) writes the scores as `Q @ K.transpose(-2, -1)`, computes them again as
# `torch.einsum("bqd,bkd->bqk", Q, K)` and checks that the two agree.
