# %% [markdown]
# # Average pooling
#
# We start with the simplest possible answer to the regression problem: whatever the query,
# predict the mean of all training outputs. It hardly deserves the name of a model, but it is
# the baseline for every attention pooling that follows, and a good excuse to practise two
# tensor ideas: 0-d tensors and `repeat_interleave`.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## The estimator
#
# The data come from <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>
# of the previous page: `n_train` noisy training examples $(x_i, y_i)$ and `n_test` test inputs.
# **Average pooling** gives the same prediction for every input $x$:
#
# $$f(x) = \frac{1}{n} \sum_{i=1}^{n} y_i .$$
#
# Here $n$ is the code's `n_train`, the number of training examples. Written as attention pooling, $f(x) = \sum_i \alpha(x, x_i)\, y_i$, every attention weight is
# $\frac{1}{n}$: the weights look neither at the query $x$ nor at the keys $x_i$.

# %%
data = at.make_data()
x_train, y_train, x_test, y_truth = (
    data.x_train,
    data.y_train,
    data.x_test,
    data.y_truth,
)
n_train = data.n_train
n_test = data.n_test
print(
    f"n_train = {n_train}",
    f"n_test = {n_test}",
    sep="   ",
)

# %% [markdown]
# ## The mean is a 0-d tensor
#
# `y_train.mean()` reduces all elements to one number. The result is still a tensor, but its
# shape is the empty tuple `()` and its number of dimensions `dim()` is 0: a **0-d tensor** (a
# scalar tensor). `.item()` takes the Python float out of it.

# %%
# (n_train,) -> ()
mean = y_train.mean()
print(
    f"shape: {tuple(mean.shape)}",
    f"dim: {mean.dim()}",
    f"value: {mean.item():.4f}",
    sep="   ",
)

# %% [markdown]
# ## repeat_interleave makes one prediction per query
#
# Every test input needs a prediction, so the mean is repeated `n_test` times.
# `repeat_interleave(repeats)` repeats each element `repeats` times back to back; without `dim`, the
# input is flattened to 1-D first, so a 0-d tensor counts as a one-element vector and the
# result has shape `(n_test,)`. `mean.repeat_interleave(n_test)` and
# `torch.repeat_interleave(mean, n_test)` are the same call.

# %%
# () -> (n_test,)
y_hat = mean.repeat_interleave(n_test)
at.describe("y_hat", y_hat)

# %% [markdown]
# While we are at it, a few shapes and operations that are easy to mix up. For a 0-d tensor (and
# a one-element vector), `repeat_interleave` and `Tensor.repeat` agree; with more elements they differ:
# the first repeats each element back to back, the second repeats the whole tensor end to end.

# %%
# () -> (1,): a one-element vector is
# not 0-d
one = mean.reshape(1)
print(tuple(one.shape))
# () -> (3,): the same both ways
each0 = mean.repeat_interleave(3)
whole0 = mean.repeat(3)
same0 = torch.equal(each0, whole0)
print(
    tuple(each0.shape),
    tuple(whole0.shape),
    same0,
)
assert same0
# (1,) -> (3,): the same both ways too
each = one.repeat_interleave(3)
whole = one.repeat(3)
same = torch.equal(each, whole)
print(
    tuple(each.shape),
    tuple(whole.shape),
    same,
)
assert same
# (2,)
pair = torch.tensor([1, 2])
# (2,) -> (4,)
print(pair.repeat_interleave(2))
# (2,) -> (4,)
print(pair.repeat(2))

# %% [markdown]
# ## The package's average_pooling
#
# <autoref identifier="attention_tutorial.pooling.average_pooling">average_pooling</autoref>
# does the same and, like the other pooling functions, also returns the attention weights, of
# shape `(n_test, n_train)`: one row per query, one column per key. All weights are equal to
# $1/n$, and the weighted average of the values with these weights is exactly the mean.

# %%
# the predictions and the weights
y_pkg, weights = at.average_pooling(
    x_test,
    y_train,
)
# (n_test,)
print("y_pkg:", tuple(y_pkg.shape))
# (n_test, n_train)
print("weights:", tuple(weights.shape))
same_prediction = torch.equal(
    y_pkg,
    y_hat,
)
print(
    "same prediction:",
    same_prediction,
)
assert same_prediction
# each distinct value once
distinct = weights.unique()
print("distinct weights:", distinct)
weight = 1 / n_train
print(f"1 / n_train = {weight:.4f}")
# (n_test, n_train) @ (n_train,)
# -> (n_test,)
weighted = weights @ y_train
equals_mean = torch.allclose(
    weighted,
    y_hat,
)
print(
    "weighted average equals the mean:",
    equals_mean,
)
assert equals_mean

# %% [markdown]
# As a heatmap (one row per query, one column per key) the whole picture has one colour: every
# query attends evenly to every key. The colour bar runs from 0 to the one weight that every
# cell holds, `1 / n_train`, so every cell has the colour of the top of the bar. The heatmap on the next page has
# a clear structure along the diagonal.

# %%
at.plot_attention_heatmap(
    weights,
    queries=x_test,
    keys=x_train,
)

# %% [markdown]
# ## The fit
#
# The prediction is a flat line that ignores every rise and fall of the true function. The
# **test MSE** (the mean of the squared differences between the prediction and the noise-free
# $f(x)$) measures how bad it is; the following pages use the same measure, so the numbers can
# be compared directly.

# %%
# (n_test,) -> ()
mse = ((y_hat - y_truth) ** 2).mean()
print(
    "test MSE against the true f:",
    f"{mse.item():.4f}",
)
at.plot_fit(
    x_test,
    y_truth,
    y_hat,
    x_train,
    y_train,
)

# %% [markdown]
# What goes wrong is that average pooling throws the inputs $x_i$ away: samples near the query
# and samples far from it count the same. The next page,
# [Non-parametric attention pooling](nonparametric.py), gives more weight to the samples near
# the query.
#
# ## Common confusions
#
# **Why is the shape of `y_train.mean()` `()` and not `(1,)`?** Averaging over all elements
# reduces every dimension away and leaves a 0-d tensor. `(1,)` is a 1-D tensor with one element;
# the two print differently (`tensor(1.5000)` versus `tensor([1.5000])`) and index
# differently: `t[0]` raises an error on a 0-d tensor and returns the one element of a `(1,)`
# tensor.
#
# **What is the difference between `repeat_interleave` and `repeat`?** `repeat_interleave`
# repeats each element back to back (`[1, 2]` → `[1, 1, 2, 2]`); `repeat` repeats the whole tensor
# end to end (`[1, 2]` → `[1, 2, 1, 2]`). For a single number they agree; tiling the queries in
# non-parametric pooling uses `repeat_interleave`.
#
# **Is average pooling attention pooling at all?** Yes, the special case where every weight is
# $1/n$. But it looks at neither the query nor the keys; in the words of the
# [Attention cues](cues.py) page, it does not even use a non-volitional cue.
#
# **The prediction is one number; why store `n_test` copies?** To keep the same interface as
# the other pooling methods: one prediction per query, so the code that plots and measures
# errors need not change.
#
# **Why measure the error against `y_truth` rather than `y_train`?** `y_train` is noisy and the
# model has seen it. We want to know how close the model gets to the true function, so we
# compare with the noise-free $f(x)$ at the test inputs.
#
# ## Exercises
#
# 1. Among all constant predictions, which has the smallest training MSE? Check in code that the
#    mean beats the constants next to it, then explain why.
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import attention_tutorial as at
# >>> y_train = at.make_data().y_train
# >>> def train_mse(c):
# ...     d = y_train - c
# ...     return (d**2).mean().item()
# >>> mean = y_train.mean().item()
# >>> best = train_mse(mean)
# >>> for step in (-0.1, 0.1):
# ...     c = mean + step
# ...     print(best < train_mse(c))
# True
# True
# ```
#
# Set the derivative of $L(c) = \frac{1}{n}\sum_i (y_i - c)^2$ with respect to $c$ to zero:
# $-\frac{2}{n}\sum_i (y_i - c) = 0$, so $c = \frac{1}{n}\sum_i y_i$. $L$ is an upward parabola
# in $c$ (second derivative $L''(c) = 2 > 0$), so this point is the minimum. If all you may output
# is one constant, average pooling is the best choice.
#
# </details>
#
# 2. For the 2-D tensor `y` below, predict the results of the three calls, then run them:
#
#    ```python
#    import torch
#    y = torch.tensor([[1, 2], [3, 4]])
#    torch.repeat_interleave(y, 2)
#    torch.repeat_interleave(y, 2, dim=0)
#    r = torch.tensor([1, 2])
#    torch.repeat_interleave(y, r, dim=0)
#    ```
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> y = torch.tensor(
# ...     [[1, 2], [3, 4]]
# ... )
# >>> torch.repeat_interleave(y, 2)
# tensor([1, 1, 2, 2, 3, 3, 4, 4])
# >>> torch.repeat_interleave(
# ...     y, 2, dim=0
# ... )
# tensor([[1, 2],
#         [1, 2],
#         [3, 4],
#         [3, 4]])
# >>> r = torch.tensor([1, 2])
# >>> torch.repeat_interleave(
# ...     y, r, dim=0
# ... )
# tensor([[1, 2],
#         [3, 4],
#         [3, 4]])
# ```
#
# Without `dim` the tensor is flattened, then repeated; with `dim=0` whole rows are repeated;
# when `repeats` is a tensor (here `r`), row $i$ is repeated `r[i]` times.
#
# </details>
#
# 3. Give the Gaussian kernel a huge bandwidth (say `bandwidth=1000.0`). What do the
#    Nadaraya-Watson predictions turn into?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> y_nw, _ = at.nadaraya_watson(
# ...     data.x_test,
# ...     data.x_train,
# ...     data.y_train,
# ...     bandwidth=1000.0,
# ... )
# >>> y_avg, _ = at.average_pooling(
# ...     data.x_test, data.y_train
# ... )
# >>> gap = (y_nw - y_avg).abs().max()
# >>> bool(gap < 1e-4)
# True
# ```
#
# With a huge bandwidth, every distance between query and key is negligible compared with the
# bandwidth, the scores are almost equal, every weight is close to $1/n$, and the prediction
# collapses to average pooling. The section
# [A gallery of bandwidths](nonparametric.py#a-gallery-of-bandwidths) of the page
# [Non-parametric attention pooling](nonparametric.py) shows this happening.
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.pooling.average_pooling">average_pooling</autoref>,
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>,
#   <autoref identifier="attention_tutorial.data.describe">describe</autoref>,
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmap">plot_attention_heatmap</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_fit">plot_fit</autoref>
# - PyTorch: `Tensor.mean`, `Tensor.item`, `Tensor.dim`, `Tensor.reshape`, `torch.repeat_interleave`,
#   `Tensor.repeat`, `Tensor.unique`, `torch.equal`, `torch.allclose`, `torch.matmul` (`@`)
# - Tensor API handbook: [repeat_interleave and repeat](handbook/repeat.py)
