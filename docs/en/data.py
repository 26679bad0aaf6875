# %% [markdown]
# # The data
#
# The whole chapter works on one small regression problem: take noisy samples from a smooth
# curve, then predict the curve at other places. The problem is deliberately easy, so that all
# our attention can go to attention pooling. This page generates the data and, on the way,
# explains the PyTorch functions involved (mainly `torch.rand`, `torch.sort`, `torch.normal` and
# `torch.arange`), as well as [dtypes](glossary.md#dtype) and random seeds.

# %%
import numpy as np
import torch

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## The target function
#
# The “true” function to be fitted is
#
# $$f(x) = 2\sin(x) + x^{0.8} .$$
#
# The package's <autoref identifier="attention_tutorial.data.f">f</autoref> computes it element
# by element. $x^{0.8}$ has no real value for negative $x$ (PyTorch gives `nan`), so `f` only
# accepts non-negative inputs; all inputs in this chapter lie in $[0, 5)$.

# %%
# shape (4,)
x = torch.tensor([0.0, 1.0, 2.0, 4.0])
print(at.f(x))

# %% [markdown]
# ## Training inputs: torch.rand
#
# `torch.rand(*size)` returns a tensor of the given shape whose entries are drawn independently
# from the uniform distribution on $[0, 1)$: 0 can come up, 1 never does. The arguments are the
# shape: `torch.rand(3)` gives 3 numbers, `torch.rand(2, 3)` 2 rows of 3. Draw ten thousand and
# look at the minimum, maximum and mean; multiplied by 5, the range stretches to $[0, 5)$.
# `.item()` turns a one-element tensor (such as `sample.min()`) into a plain Python number;
# without it, `print(sample.min())` shows the value wrapped, as `tensor(…)`.

# %%
# the arguments are the shape
print(
    tuple(torch.rand(3).shape),
    tuple(torch.rand(2, 3).shape),
)
sample = torch.rand(10_000)  # (10000,)
low = sample.min().item()
high = sample.max().item()
mean = sample.mean().item()
print(
    f"min {low:.4f}",
    f"max {high:.4f}",
    f"mean {mean:.4f}",
    sep="   ",
)
# (10000,), now in [0, 5)
stretched = sample * 5
low5 = stretched.min().item()
high5 = stretched.max().item()
print(
    f"after * 5: min {low5:.4f}",
    f"max {high5:.4f}",
    sep="   ",
)

# %% [markdown]
# ### Dtypes: float32 and float64
#
# `torch.rand` gives float32 (PyTorch's default). NumPy's default is float64, which
# `torch.from_numpy` keeps. Multiplying the two with `@` (matrix multiplication; between two
# vectors, the dot product: see the handbook's [torch.matmul](handbook/matmul.py)) stops with an
# error about the dtypes. The element-wise `*` does not complain, but quietly turns
# the result into float64, and the next `@` with a float32 tensor then fails. The fix is
# `.float()`, which converts the float64 one to float32:

# %%
# the dtype torch.rand gives: float32
print("torch.rand:", sample.dtype)
# NumPy's default is float64, and
# from_numpy keeps it
ones64 = torch.from_numpy(np.ones(3))
print("from_numpy:", ones64.dtype)
# @ (a dot product here) refuses to mix
# them. prints_error catches the error
# and prints its first line, wrapped at
# 40 columns, so the page keeps running
with at.prints_error(
    RuntimeError,
    width=40,
):
    sample[:3] @ ones64
# * mixes them without an error: float64
mixed = sample[:3] * ones64
print("* mixes them:", mixed.dtype)
# the fix: .float() converts to float32
ones32 = ones64.float()
print(".float():", ones32.dtype)

# %% [markdown]
# Here it is a dot product of two vectors, so the message starts `dot : …`; see the
# error-message index's
# [`dot : expected both vectors to have same dtype, but found …`](handbook/errors.py#dot--expected-both-vectors-to-have-same-dtype-but-found-).
# A matrix times a vector, or a matrix times a matrix, words it differently, and the fix is the
# same: the index keeps these wordings in its group “[The wrong type](handbook/errors.py#the-wrong-type)”.

# %% [markdown]
# ## Sorting: torch.sort
#
# Random training inputs come out in no particular order. `torch.sort` puts them in increasing
# order, but it returns **two** tensors: the sorted values, and the positions (indices) those
# values had in the original tensor. Indexing the original with the indices gives back the
# sorted values. A small tensor shows it best, and `torch.equal(a, b)` checks it at the end:
# it is `True` when the two tensors have the same shape and equal elements.

# %%
# shape (4,)
t = torch.tensor([3.0, 0.5, 2.0, 1.5])
sorted_values, indices = torch.sort(t)
print("sorted values:")
print(sorted_values)
print("indices:")
print(indices)
is_sorted = torch.equal(
    t[indices],
    sorted_values,
)
print(
    "t[indices] is the sorted tensor:",
    is_sorted,
)

# %% [markdown]
# For the training inputs we want the values and not the indices, hence
# `x_train, _ = torch.sort(...)`: the underscore `_` is Python's way of saying “I won't use this
# one”. Sorting does not change what Nadaraya-Watson computes; it makes the later curves run
# from left to right and lines the attention weights up along the diagonal of the heatmaps,
# which makes them easier to read.
#
# ## Noise: torch.normal
#
# A training output is the true value plus noise $\epsilon \sim \mathcal{N}(0, 0.5^2)$, drawn
# from the normal distribution with mean 0 and standard deviation 0.5:
#
# $$y_i = f(x_i) + \epsilon_i .$$
#
# The three arguments of `torch.normal(mean, std, size)` are the mean, the **standard
# deviation** (not the variance) and the shape. The shape must be a tuple: the comma in
# `(n_train,)` matters, because `(3)` is just the integer 3 in brackets, and it is rejected.

# %%
# mean 0, std 0.5, shape (10000,)
noise = torch.normal(0.0, 0.5, (10000,))
print(
    f"mean {noise.mean().item():.4f}",
    f"std {noise.std().item():.4f}",
    sep="   ",
)
# the error's first line, as above:
# (3) is just the int 3, not a tuple
with at.prints_error(
    TypeError,
    width=40,
):
    torch.normal(0.0, 0.5, (3))

# %% [markdown]
# Listed in the error-message index: [`normal() received an invalid combination of arguments`](handbook/errors.py#normal-received-an-invalid-combination-of-arguments).

# %% [markdown]
# ## Test inputs: torch.arange
#
# The test inputs are evenly spaced, `torch.arange(0, 5, 0.1)`: start at 0, add 0.1 each time,
# and stop **before** the end 5, i.e. the half-open interval $[0, 5)$. Below are its length, its
# first and last elements, and a check that 5.0 is not among them:

# %%
# shape (50,)
x_test = torch.arange(0, 5, 0.1)
print("length:", len(x_test))
print(
    f"first: {x_test[0].item():.4f}",
    f"last: {x_test[-1].item():.4f}",
    sep="   ",
)
contains_5 = bool((x_test == 5.0).any())
print("contains 5.0:", contains_5)
# float32 cannot hold 0.3 exactly
print(
    "x_test[3] is stored as",
    f"{x_test[3].item():.12f}",
)

# %% [markdown]
# The last line shows that float32 cannot hold 0.3: `x_test[3]` is the float32 nearest to 0.3
# (so is `torch.tensor(0.3)`). The step 0.1 is inexact too, and the real hazard is the count:
# `arange` first computes the number of elements as
# $\lceil (\text{end} - \text{start}) / \text{step} \rceil$, and that division carries a rounding
# error, so the end point sometimes sneaks in. In the first line below, 1.3 should not be
# there. Safer: take integer steps and divide afterwards, or ask `torch.linspace` for a number
# of points:

# %%
# 1.3 sneaks in: (1.3 - 1) / 0.1 is
# slightly above 3
print(torch.arange(1, 1.3, 0.1))
# integer steps, then divide: exactly
# 3 elements
print(torch.arange(10, 13) / 10)
# or ask for the number of points
print(torch.linspace(1, 1.2, 3))

# %% [markdown]
# ## Random seeds
#
# Each call of `torch.rand` takes the next numbers from one stream of random numbers, so two
# calls in a row give different numbers:

# %%
print(torch.rand(3))
# no reseeding: different numbers
print(torch.rand(3))

# %% [markdown]
# `torch.manual_seed(seed)` winds that stream back to a starting point fixed by the seed, and
# what is drawn afterwards repeats exactly. It returns a generator object we have no use for,
# hence `_ = torch.manual_seed(...)`, which keeps the notebook from printing it.

# %%
_ = torch.manual_seed(at.SEED)
first = torch.rand(3)
_ = torch.manual_seed(at.SEED)
second = torch.rand(3)
print(first)
print(second)
equal = torch.equal(first, second)
print("equal:", equal)

# %% [markdown]
# The global stream is shared by all code: one extra draw anywhere shifts every later result.
# So the package's <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>
# leaves the global stream alone. It creates its own `torch.Generator` and passes it to
# `torch.rand` and `torch.normal` through their `generator=` argument. A private generator with
# the same seed gives the same numbers as the global stream, and the global state
# (`torch.get_rng_state()`) is the same before and after a call of `make_data`:

# %%
# a private random stream
seed = at.SEED
g = torch.Generator().manual_seed(seed)
same_numbers = torch.equal(
    torch.rand(3, generator=g),
    first,
)
print(
    "same numbers as manual_seed:",
    same_numbers,
)
# snapshot of the global stream
state = torch.get_rng_state()
data = at.make_data()
untouched = torch.equal(
    state,
    torch.get_rng_state(),
)
repeats = torch.equal(
    data.x_train,
    at.make_data().x_train,
)
print(
    "make_data kept the global state:",
    untouched,
)
print(
    "make_data repeats itself:",
    repeats,
)

# %% [markdown]
# ## Putting it together: make_data
#
# The steps above, chained, are all that `make_data` does. Here they are once more, line by line,
# with a check that the result is identical to `make_data()`:

# %%
n_train = 50
seed = at.SEED
g = torch.Generator().manual_seed(seed)
# u: (n_train,), in [0, 1)
u = torch.rand(n_train, generator=g)
# x_train: sorted, in [0, 5)
x_train, _ = torch.sort(u * 5)
# noise: (n_train,)
noise = torch.normal(
    0.0,
    0.5,
    (n_train,),
    generator=g,
)
y_train = at.f(x_train) + noise
# x_test, y_truth: (n_test,)
x_test = torch.arange(0, 5, 0.1)
y_truth = at.f(x_test)
train_checks = (
    torch.equal(x_train, data.x_train),
    torch.equal(y_train, data.y_train),
)
test_checks = (
    torch.equal(x_test, data.x_test),
    torch.equal(y_truth, data.y_truth),
)
print("x_train, y_train:")
print(train_checks[0], train_checks[1])
print("x_test, y_truth:")
print(test_checks[0], test_checks[1])

# %% [markdown]
# `make_data` returns a <autoref identifier="attention_tutorial.data.ToyData">ToyData</autoref>
# holding four tensors: `x_train` (the future **keys**), `y_train` (the future **values**),
# `x_test` (the future **queries**) and the noise-free `y_truth` (used only to measure how good a
# prediction is).
#
# ## A look at the data
#
# <autoref identifier="attention_tutorial.data.describe">describe</autoref> prints a tensor's
# name, shape and dtype and its first and last few values to four decimals, instead of pouring
# out all fifty numbers.

# %%
print(
    "n_train =",
    data.n_train,
    "  n_test =",
    data.n_test,
)
at.describe("x_train", data.x_train)
at.describe("y_train", data.y_train)
at.describe("x_test", data.x_test)
at.describe("y_truth", data.y_truth)

# %% [markdown]
# The mean of the training outputs comes back on the next page (it is the prediction of average
# pooling). Copying a printed result into a comment is a bad habit: once the code or the data
# changes, the number in the comment is stale and nobody notices. Compute it again instead:

# %%
mean_y = data.y_train.mean().item()
print(f"mean of y_train: {mean_y:.4f}")

# %% [markdown]
# Finally, a plot of the data: the solid line is the true function $f(x)$, the dots are the
# noisy training samples, and the row of ticks at the bottom marks all the test inputs, the
# places where the following pages make predictions (the queries).

# %%
at.plot_data(
    data.x_test,
    data.y_truth,
    data.x_train,
    data.y_train,
)


# %% fold="Checks of this page's text (skip them)"
# checks of this page's text: if a new
# run changes one, the build fails
def said(call, *args):
    """The error call(*args) raises."""
    try:
        call(*args)
    except RuntimeError as err:
        return str(err)
    raise AssertionError("no error")


# the dtypes printed under torch.rand
assert sample.dtype == torch.float32
assert ones64.dtype == torch.float64
assert ones32.dtype == torch.float32
assert mixed.dtype == torch.float64
# two vectors: the dot product's words
a, b = sample[:3], ones64
dot = said(torch.matmul, a, b)
assert dot.startswith("dot : ")
# the float64 that * made fails the
# next @ with a float32 tensor
again = said(torch.matmul, mixed, a)
assert again.startswith("dot : ")
# a matrix times a vector, a matrix
# times a matrix: other words, and
# .float() fixes each
mat = a.expand(2, 3)
col = b[:, None]
for right in (b, col):
    got = said(torch.matmul, mat, right)
    assert not got.startswith("dot")
    fixed = mat @ right.float()
    assert fixed.dtype == torch.float32
# x_test[3] is the float32 nearest 0.3
assert x_test[3] == torch.tensor(0.3)
# the Trues printed above: sorting
assert is_sorted
# arange stops before its end
assert not contains_5
# seeds: the same numbers again, and
# make_data keeps the global stream
assert equal
assert same_numbers and untouched
assert repeats
# the rebuild equals make_data()
assert all(train_checks)
assert all(test_checks)

# %% [markdown]
# ## Common confusions
#
# **Why sort `x_train`?** Only for the plots; the predictions are the same either way (see
# [Sorting: torch.sort](#sorting-torchsort)).
#
# **Why is 5 not in `x_test`?** `torch.arange` stops before its end (`torch.linspace(0, 5, 51)`
# includes it; see [Test inputs: torch.arange](#test-inputs-torcharange)).
#
# **Why does `y_truth` have no noise?** Noise is the part nobody can predict. We want to know how
# close a model gets to the true function, so predictions are compared with the noise-free
# $f(x)$; every “test MSE” in this chapter is computed that way.
#
# **My numbers differ from the book's or a blog's.** A different seed, or drawing the numbers in
# a different order, gives a different sample. Every page of this chapter uses the one seed
# `at.SEED` and takes its data from `make_data`, so the numbers agree from page to page.
#
# **`torch.rand` or `torch.randn`?** `rand` draws from the uniform distribution on $[0, 1)$,
# `randn` from the standard normal distribution $\mathcal{N}(0, 1)$. This chapter uses `rand`
# for the inputs and `normal` for the noise.
#
# ## Exercises
#
# 1. How many elements does `torch.arange(0, 5, 0.3)` have? What is the last one? Is 5 included?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> x = torch.arange(0, 5, 0.3)
# >>> len(x), round(x[-1].item(), 4)
# (17, 4.8)
# >>> bool((x == 5.0).any())
# False
# ```
#
# $\lceil 5 / 0.3 \rceil = 17$ elements, from 0 up to $16 \times 0.3 = 4.8$; the end point 5 is
# excluded.
#
# </details>
#
# 2. Paired data `x`, `y` are not sorted. How do you sort by `x` and keep every `y` with its `x`?
#
# <details><summary>Solution</summary>
#
# Index `y` with the indices that `torch.sort` returns:
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([2, 0.5, 1])
# >>> y = torch.tensor([20, 5, 10])
# >>> x, indices = torch.sort(x)
# >>> indices
# tensor([1, 2, 0])
# >>> y[indices]
# tensor([ 5, 10, 20])
# ```
#
# </details>
#
# 3. Use `make_data(n_train=40)` to get only 40 training examples. What are the shapes of the
#    tensors? And with another seed?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> small = at.make_data(n_train=40)
# >>> tuple(small.x_train.shape)
# (40,)
# >>> tuple(small.y_train.shape)
# (40,)
# >>> tuple(small.x_test.shape)
# (50,)
# >>> x = small.x_train
# >>> again = at.make_data(n_train=40)
# >>> torch.equal(x, again.x_train)
# True
# >>> other = at.make_data(40, seed=1)
# >>> torch.equal(x, other.x_train)
# False
# ```
#
# There are now 40 training examples, while the test inputs are still the 50 of
# `arange(0, 5, 0.1)`. The same seed always gives the same data, another seed other data. Data
# with `n_train` different from `n_test` are just right for catching code that mixes up shapes;
# see the page *[Non-parametric attention pooling](nonparametric.py)*.
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.data.f">f</autoref>,
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>,
#   <autoref identifier="attention_tutorial.data.ToyData">ToyData</autoref>,
#   <autoref identifier="attention_tutorial.data.describe">describe</autoref>,
#   <autoref identifier="attention_tutorial.data.prints_error">prints_error</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_data">plot_data</autoref>
# - PyTorch: `torch.rand`, `torch.sort`, `torch.normal`, `torch.arange`, `torch.linspace`,
#   `torch.manual_seed`, `torch.Generator`, `torch.get_rng_state`, `torch.from_numpy`, `Tensor.float`,
#   `Tensor.item`, `torch.equal`, `torch.matmul` (`@`)
# - Tensor API handbook: [random numbers and ranges](handbook/random.py),
#   [torch.matmul](handbook/matmul.py)
