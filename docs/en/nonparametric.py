# %% [markdown]
# # Non-parametric attention pooling: Nadaraya-Watson kernel regression
#
# In 1964 Nadaraya and Watson independently proposed the same idea: to predict the output at an
# input $x$, take a weighted average of the training outputs $y_i$, giving more weight to the
# samples that lie close to $x$. In the language of attention, $x$ is the **query**, the training
# inputs $x_i$ are the **keys**, the training outputs $y_i$ are the **values**, and the weighted
# average is **attention pooling**; the query is the volitional cue and the keys are the
# non-volitional cues (see *[Attention cues](cues.py)*). Nothing in this model is learned, hence
# *non-parametric*.

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## The data
#
# The target function is $f(x) = 2\sin(x) + x^{0.8}$. We draw 50 training inputs at random from
# $[0, 5)$ and sort them, and add Gaussian noise with mean 0 and standard deviation 0.5 to their
# outputs. The test inputs are `torch.arange(0, 5, 0.1)`, and their targets are the noiseless
# $f(x)$. `make_data` builds all of this from a fixed seed; `describe` prints a tensor's name,
# shape and first and last few values.

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = len(x_train)
n_test = len(x_test)
at.describe("x_train", x_train)
at.describe("y_train", y_train)
at.describe("x_test", x_test)

# %% [markdown]
# ## From a kernel to softmax
#
# The Nadaraya-Watson estimator measures how close the query $x$ is to each key $x_i$ with a
# kernel $K$. We write its estimate $\hat f(x)$, to keep it apart from the true function $f$:
#
# $$\hat f(x) = \sum_{i=1}^{n} \frac{K(x - x_i)}{\sum_{j=1}^{n} K(x - x_j)}\, y_i .$$
#
# The denominator normalises the weights so that they sum to 1. With the **Gaussian kernel**
#
# $$K(u) = \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{u^2}{2}\right),$$
#
# the constant $\frac{1}{\sqrt{2\pi}}$ cancels between numerator and denominator, and what is
# left is exactly a softmax over the keys (written $\operatorname{softmax}_i$):
#
# $$\begin{aligned}
# \hat f(x) &= \sum_{i=1}^{n} \frac{\exp\left(-\frac{1}{2}(x - x_i)^2\right)}{\sum_{j=1}^{n} \exp\left(-\frac{1}{2}(x - x_j)^2\right)}\, y_i \\
# &= \sum_{i=1}^{n} \operatorname{softmax}_i\left(-\frac{1}{2}(x - x_i)^2\right) y_i .
# \end{aligned}$$
#
# Mind the minus sign in the exponent: the farther $x_i$ is from $x$, the smaller
# ${-(x - x_i)^2/2}$ becomes, and so does its weight. For one query, both forms give the same
# weights:

# %%
# one query, x = 1.0
query = x_test[10]
# (n_train,): the query minus each key
diffs = query - x_train
# (n_train,)
kernel = at.gaussian_kernel(diffs)
# (n_train,): the weights, two ways
by_kernel = kernel / kernel.sum()
by_softmax = F.softmax(
    -(diffs**2) / 2,
    dim=0,
)
print(f"query = {query.item():.1f}")
difference = by_kernel - by_softmax
largest = difference.abs().max().item()
print(
    "max |difference| =",
    f"{largest:.1e}",
)
total = by_softmax.sum().item()
print(
    "sum of weights   =",
    round(total, 6),
)

# %% [markdown]
# ## Tiling the queries into a matrix
#
# Each test input has to be compared with all 50 training inputs. We repeat every query
# `n_train` times and arrange the result as an `(n_test, n_train)` matrix whose row $i$ holds
# query $i$ over and over. `repeat_interleave` repeats each element back to back, and the `-1` in
# `reshape(-1, n_train)` lets PyTorch work out the number of rows.

# %%
# (n_test * n_train,)
queries = x_test.repeat_interleave(
    n_train,
)
print(
    "after repeat_interleave:",
    tuple(queries.shape),
)
# (n_test, n_train)
queries = queries.reshape(-1, n_train)
print(
    "after reshape:          ",
    tuple(queries.shape),
)
print(queries[:3, :3])

# %% [markdown]
# In `queries - x_train`, the `(n_train,)` tensor `x_train` is broadcast to every row, so
# entry $(i, j)$ is $q_i - x_j$: query $q_i$ (the test input `x_test[i]`) minus key $x_j$ (the
# training input `x_train[j]`). The letters change here: the formula above has one query, $x$,
# and numbers the keys with $i$; the matrix has many queries, so a query is $q_i$, numbered
# by its row $i$, and the keys are numbered by their column $j$. A softmax along `dim=1` (within each
# row) makes each row of weights sum to 1, and the matrix product `torch.matmul` of the weights
# with the value vector gives one prediction per query.

# %%
# (n_test, n_train)
scores = -((queries - x_train) ** 2) / 2
# (n_test, n_train)
attention_weights = F.softmax(
    scores,
    dim=1,
)
# (n_test,)
y_hat = torch.matmul(
    attention_weights,
    y_train,
)
print(
    "attention_weights:",
    tuple(attention_weights.shape),
)
print("row sums of the first 4 rows:")
row_sums = attention_weights.sum(dim=1)
print(row_sums[:4])
print("y_hat:", tuple(y_hat.shape))

# %% [markdown]
# The package's `nadaraya_watson` is these few lines, returning the predictions together with
# the attention weights. `nadaraya_watson_broadcast` skips the tiling and broadcasts
# `queries[:, None] - keys[None, :]` instead; the results agree.

# %%
# each returns (prediction, weights)
tiled = at.nadaraya_watson(
    x_test,
    x_train,
    y_train,
)
broad = at.nadaraya_watson_broadcast(
    x_test,
    x_train,
    y_train,
)
y_hat_tiled, _ = tiled
y_hat_broadcast, _ = broad
same_tiled = torch.allclose(
    y_hat_tiled,
    y_hat,
)
same_broadcast = torch.allclose(
    y_hat_tiled,
    y_hat_broadcast,
)
# True: each equals y_hat above
print("tiled:", same_tiled)
print("broadcast:", same_broadcast)
assert same_tiled and same_broadcast

# %% [markdown]
# ## The attention weights as a heatmap
#
# Each row of the heatmap is a query (a test input), each column a key (a training input), and
# the more a cell stands out from the page, the more weight it carries (darker on a light page, brighter on a dark one). Both inputs are sorted, so the weight gathers along the diagonal:
# every query attends mostly to the keys nearest to it. Each column sits at its key $x_i$, as
# wide as halfway to the neighbouring keys on either side, so the columns are wider where the
# keys are sparse: the keys are random training inputs, not evenly spaced.

# %%
at.plot_attention_heatmap(
    attention_weights,
    queries=x_test,
    keys=x_train,
)

# %% [markdown]
# ## The fit
#
# Unlike the flat line of average pooling, the Nadaraya-Watson prediction follows the rises and
# falls of $f(x)$, but it flattens the peaks and troughs: the width of the Gaussian kernel is
# fixed at 1, so every window also takes in points that are rather far away. The page
# *[Parametric attention pooling](parametric.py)* lets the model learn that width; first, let us
# try a few widths by hand.

# %%
y_truth = data.y_truth
# (n_test,)
errors = y_hat - y_truth
mse = (errors**2).mean().item()
print(
    "test MSE against the true f:",
    f"{mse:.4f}",
)
at.plot_fit(
    x_test,
    y_truth,
    y_hat,
    x_train,
    y_train,
)

# %% [markdown]
# ## A gallery of bandwidths
#
# So far the width of the Gaussian kernel was fixed at 1. Give the kernel a **bandwidth** $h$:
# divide the distance by $h$ before squaring it,
#
# $$\hat f(x) = \sum_{i=1}^{n} \operatorname{softmax}_i\left(-\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2\right) y_i .$$
#
# The `bandwidth` argument of `nadaraya_watson` is $h$; its default 1 gives the results above.
# Here are four bandwidths with their test MSE and “keys in use”: for a query with attention
# weights $\alpha_1, \dots, \alpha_n$ this is $1 / \sum_i \alpha_i^2$, averaged over the
# queries. It equals $m$ when the weight is shared equally by $m$ keys, and 1 when all of it
# lands on one key.

# %%
bandwidths = [0.1, 0.3, 1.0, 3.0]
print(
    f"{'h':>4}",
    f"{'test MSE':>8}",
    f"{'keys in use':>11}",
    sep="  ",
)
for h in bandwidths:
    pooled = at.nadaraya_watson(
        x_test,
        x_train,
        y_train,
        bandwidth=h,
    )
    # (n_test,), (n_test, n_train)
    y_hat_h, weights_h = pooled
    errors_h = y_hat_h - y_truth
    mse_h = (errors_h**2).mean().item()
    # (n_test,): sum of squared weights
    sum_sq = (weights_h**2).sum(dim=1)
    # 1 / sum_sq is m when m keys share
    # the weight equally; averaged over
    # the queries
    in_use = (1 / sum_sq).mean().item()
    print(
        f"{h:>4}",
        f"{mse_h:>8.4f}",
        f"{in_use:>11.1f}",
        sep="  ",
    )

# %% [markdown]
# One row per bandwidth: the fit on the left, its attention weights on the right. Each heatmap
# has its own colour range, so read the numbers on the colour bars:

# %%
at.plot_bandwidth_gallery(
    x_test,
    y_truth,
    x_train,
    y_train,
    bandwidths,
)

# %% [markdown]
# The bandwidth sets how far each query “looks”:
#
# - **Small bandwidth** ($h = 0.1$): the weight is concentrated on the three or four training
#   points nearest to the query (keys in use is 3.7 above), and the heatmap is a thin line. The prediction chases every
#   sample, noise included, and the curve wiggles. As $h \to 0$ it becomes nearest-neighbour
#   regression: copy the output of the nearest sample.
# - **Large bandwidth** ($h = 3$): almost every training point gets about the same weight, the
#   heatmap is a blur, and the prediction approaches the flat line of
#   [average pooling](average.py); the rises and falls of the function are smoothed away.
# - In between, the average is wide enough to cancel noise and narrow enough to keep the peaks
#   and troughs. Among the test MSEs printed above, the smallest belongs to a bandwidth in the
#   middle, not at either end.
#
# This is the bias-variance trade-off of statistics: a small bandwidth means small bias and large
# variance, a large bandwidth large bias and small variance. How the bandwidth must shrink as the
# samples grow for the estimate to converge to the true function is in the background section
# of *[Why the trained curve is less smooth](smoothness.py#background-consistency-and-local-constant-fitting)*.
#
# One warning: choosing the bandwidth with `y_truth`, as here, is only possible in a toy
# problem; real problems come with no noise-free answers. A way to choose it from the training
# data alone is leave-one-out (the page *[Why leave one out](leave-one-out.py)*), and the page
# *[Parametric attention pooling](parametric.py)* learns $w = 1/h$ as a parameter.
#
# ## The bandwidth explorer: turn the knob yourself
#
# Four bandwidths are four snapshots. The explorer below has a single knob, $w$, the inverse of the
# bandwidth, $h = 1/|w|$ (the page *[Parametric attention pooling](parametric.py)*
# makes it a learnable parameter; a learned $w$ may be negative, and its sign cancels in the
# squared score, hence the absolute value). Drag the slider and $w$ moves from 0.1 to 1000 on a logarithmic
# scale, with four panels following it. With the keyboard, Tab to the slider (or click it): the arrow keys
# move it by a small step, PageUp and PageDown by a large one, Home and End to either end.
# Beside the slider: $w$, the bandwidth $h$ and the current leave-one-out loss $L$. The
# panels:
#
# 1. the fit, the true function and the training data;
# 2. the attention weights of three queries ($x = 0$, $2.5$ and $4$), drawn over the keys: the
#    bandwidth is the width of these bumps;
# 3. the heatmap of the attention weights, queries on rows and keys on columns, coloured relative
#    to the largest weight (the colour key above it runs from 0 to that maximum);
# 4. the leave-one-out training loss against $w$ (explained on the page
#    *[Why leave one out](leave-one-out.py)*), the current $w$ is a vertical line ending in a
#    dot, and a star marks the lowest point the slider can reach (it moves in steps; the
#    true minimum may lie between two of them).
#
# Your browser computes the panels on the spot, offline; without JavaScript you see the static
# picture at $w = 1$.

# %%
at.bandwidth_explorer(
    data,
    w=1.0,
    query_indices=(0, 25, 40),
)

# %% [markdown]
# Push $w$ above 10: the bumps become needles, the heatmap shrinks to its diagonal and the fit
# starts chasing every noisy point. Pull it below 0.3: the bumps flatten and the fit tends to a
# horizontal line. And watch the bump of the query $x = 0$: it only has a right half (why that matters: [Boundary bias](#boundary-bias) below).

# %% [markdown]
# ## Can queries and keys be swapped?
#
# A query is a place where we want a prediction; the key-value pairs are the samples we know.
# Swap them, `nadaraya_watson(x_train, x_test, values)`, and the queries are the training inputs,
# the keys the test inputs, and the values must be **the outputs at the keys**: $y$ at the test
# inputs. That is exactly what we are trying to predict, and at prediction time we do not have
# it. Only in this toy problem is there a `y_truth` to put in:

# %%
# queries x_train, keys x_test, and as
# values the outputs at the keys
swapped = at.nadaraya_watson(
    x_train,
    x_test,
    y_truth,
)
# (n_train,), (n_train, n_test)
y_swapped, weights_swapped = swapped
print(
    "y_swapped:",
    tuple(y_swapped.shape),
)
print(
    "weights_swapped:",
    tuple(weights_swapped.shape),
)

# %% [markdown]
# The call runs, but it answers another question: it carries the known true curve over to the
# training inputs. Since `n_train` and `n_test` are both 50, the result has exactly the shapes of
# the right call, so the shapes give nothing away.
#
# This is not a far-fetched worry: it is the bug in the TensorFlow code of this section of “Dive
# into Deep Learning”. It wrote its queries as `x_train` (`tf.expand_dims(x_train, axis=1)`)
# instead of `x_test`, so every training input was compared with all training inputs (itself
# included), and the predictions at the training inputs were plotted as if they were predictions
# at the test inputs. The same mistake in PyTorch:

# %%
# d2l's TensorFlow mistake, in PyTorch:
# the queries are built from x_train

# (n_train * n_train,)
q_wrong = x_train.repeat_interleave(
    n_train,
)
# (n_train, n_train): not n_test rows
q_wrong = q_wrong.reshape(-1, n_train)
# (n_train, n_train)
diffs_wrong = q_wrong - x_train
weights_wrong = F.softmax(
    -(diffs_wrong**2) / 2,
    dim=1,
)
# (n_train,)
y_hat_wrong = torch.matmul(
    weights_wrong,
    y_train,
)
print(
    "y_hat_wrong:",
    tuple(y_hat_wrong.shape),
    "  x_test:",
    tuple(x_test.shape),
)
sq_wrong = (y_hat_wrong - y_truth) ** 2
mse_wrong = sq_wrong.mean().item()
print(
    "'test MSE' of the wrong code:",
    f"{mse_wrong:.4f}",
)

# %% [markdown]
# The shapes match, so nothing complains, and there is even a “test MSE” to print; but that
# number compares predictions at the training inputs with true values at the test inputs, and
# it means nothing.
#
# Both mistakes go unnoticed only because `n_train` and `n_test` happen to be equal. With 40
# training examples (`make_data(n_train=40)`) the difference shows at once: the right call gives
# `n_test` predictions, the swapped one `n_train`; and with the values we really have,
# `y_train`, the lengths do not match and the swapped call fails:

# %%
data40 = at.make_data(n_train=40)
x_train40 = data40.x_train
y_train40 = data40.y_train
x_test40 = data40.x_test
y_truth40 = data40.y_truth
right40 = at.nadaraya_watson(
    x_test40,
    x_train40,
    y_train40,
)
# (n_test,), (n_test, n_train)
y_hat40, weights40 = right40
print(
    "right way round:",
    tuple(y_hat40.shape),
    tuple(weights40.shape),
)
swapped40 = at.nadaraya_watson(
    x_train40,
    x_test40,
    y_truth40,
)
# (n_train,), (n_train, n_test)
y_swap40, weights_swap40 = swapped40
print(
    "swapped:        ",
    tuple(y_swap40.shape),
    tuple(weights_swap40.shape),
)
# swapped, with the values we have
# (prints_error: the error's message,
# wrapped at 40 characters)
with at.prints_error(
    ValueError,
    width=40,
):
    at.nadaraya_watson(
        x_train40,
        x_test40,
        y_train40,
    )

# %% [markdown]
# The TensorFlow version's code fails too: its 40 predictions cannot be subtracted from the 50
# true values, nor plotted against the test inputs:

# %%
n_train40 = len(x_train40)
# (n_train * n_train,)
q_wrong40 = x_train40.repeat_interleave(
    n_train40,
)
# (n_train, n_train) = (40, 40)
q_wrong40 = q_wrong40.reshape(
    -1,
    n_train40,
)
# (40, 40)
diffs_wrong40 = q_wrong40 - x_train40
weights_wrong40 = F.softmax(
    -(diffs_wrong40**2) / 2,
    dim=1,
)
# (40,)
y_hat_wrong40 = torch.matmul(
    weights_wrong40,
    y_train40,
)
with at.prints_error(
    RuntimeError,
    width=40,
):
    # (40,) - (50,)
    (y_hat_wrong40 - y_truth40) ** 2
with at.prints_error(
    ValueError,
    width=40,
):
    at.plot_fit(
        x_test40,
        y_truth40,
        y_hat_wrong40,
        x_train40,
        y_train40,
    )

# %% [markdown]
# Listed in the error-message index: [`… must have the same length`](handbook/errors.py#-must-have-the-same-length), [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](handbook/errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-).
#
# So when you check shapes, give `n_train` and `n_test` different values: code with a shape
# mix-up then fails instead of quietly drawing a wrong figure.

# %% [markdown]
# ## Boundary bias
#
# The fit's largest error is at the left end: the truth at $x = 0$ is 0, the prediction more than 2
# above it. Query 0 has no training point to its left and can only borrow values from the keys on
# its right. This is **boundary bias**; where it comes from, and how local linear regression
# removes most of it, is the next page, *[Boundary bias and local linear regression](local-linear.py)*.

# %% [markdown]
# ## Common confusions
#
# **Does a farther key get more weight? Can the minus sign in the exponent go?** No to both. The
# minus sign is what makes farther keys weigh less (see the
# [line under the formula](#from-a-kernel-to-softmax)); drop it, and
# $\exp\left(+\frac{1}{2}(x - x_i)^2\right)$ hands the largest weight to the training point
# **farthest** from the query. The sign matters just as much in the dot-product form: the score is
# $qk - \frac{1}{2}k^2$, not $\frac{1}{2}k^2 - qk$
# (see *[From the Gaussian kernel to dot-product attention](dot-product.py#expanding-the-square)*,
# section “Expanding the square”).
#
# **Is it $x_i$ or $x_j$ in the denominator?** In the formula
# $\hat f(x) = \sum_i \frac{K(x - x_i)}{\sum_j K(x - x_j)} y_i$ it is $x_j$: the denominator sums over
# all the keys and has nothing to do with the $i$ of the numerator. Write $\sum_j K(x - x_i)$ by
# mistake and it equals $n K(x - x_i)$: every weight becomes $1/n$, and the model quietly turns into
# [average pooling](average.py) (see exercise 5).
#
# **Is this attention or k-nearest neighbours?** Both average the outputs of nearby samples.
# k-nearest neighbours (k-NN) gives the $m$ nearest samples equal weights $1/m$ and all others 0
# (its usual name for $m$ is $k$, which here already names the keys);
# Nadaraya-Watson gives every sample a weight that decays smoothly with distance. As the bandwidth
# goes to 0 it turns into the nearest-neighbour rule, which copies the single closest sample.
# Replace “distance” by any similarity of query and key and you have attention pooling in general.
#
# Answered above: is a smaller bandwidth better? No, see
# [a gallery of bandwidths](#a-gallery-of-bandwidths). Could the training and test data swap
# roles, and is the code right when the shapes fit? See
# [can queries and keys be swapped?](#can-queries-and-keys-be-swapped)
#
# ## Exercises
#
# 1. Why does Nadaraya-Watson approach nearest-neighbour regression for a tiny bandwidth? Check
#    it with three key-value pairs.
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> keys = torch.tensor(
# ...     [0.0, 1.0, 3.0]
# ... )
# >>> values = torch.tensor(
# ...     [10.0, 20.0, 30.0]
# ... )
# >>> queries = torch.tensor(
# ...     [0.9, 2.5]
# ... )
# >>> y_hat, _ = at.nadaraya_watson(
# ...     queries,
# ...     keys,
# ...     values,
# ...     bandwidth=0.05,
# ... )
# >>> y_hat
# tensor([20., 30.])
# ```
#
# The query 0.9 is nearest to the key 1, and 2.5 to the key 3. With a tiny bandwidth, the score
# of the nearest key is far above all the others, the softmax gives it practically all the
# weight, and the prediction is its value.
#
# </details>
#
# 2. Multiply the queries and keys by 10, and the bandwidth too. Do the attention weights
#    change? What does this tell you about the unit of the bandwidth?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x_test = data.x_test
# >>> x_train = data.x_train
# >>> y_train = data.y_train
# >>> _, w1 = at.nadaraya_watson(
# ...     x_test,
# ...     x_train,
# ...     y_train,
# ...     bandwidth=0.5,
# ... )
# >>> _, w10 = at.nadaraya_watson(
# ...     10 * x_test,
# ...     10 * x_train,
# ...     y_train,
# ...     bandwidth=5.0,
# ... )
# >>> torch.allclose(
# ...     w1,
# ...     w10,
# ...     atol=1e-6,
# ... )
# True
# ```
#
# They do not change. The scores depend only on $(x - x_i)/h$, so the bandwidth has the unit of
# the input $x$: measure the inputs in decimetres instead of metres and the bandwidth must be
# multiplied by 10 as well.
#
# </details>
#
# 3. What happens if the softmax is taken with `dim=0`? Check the row sums and column sums on
#    data with `n_train = 40`.
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> from torch.nn import (
# ...     functional as F,
# ... )
# >>> import attention_tutorial as at
# >>> data = at.make_data(n_train=40)
# >>> q = data.x_test[:, None]
# >>> k = data.x_train[None, :]
# >>> # (n_test, n_train)
# >>> scores = -((q - k) ** 2) / 2
# >>> wrong = F.softmax(scores, dim=0)
# >>> tuple(wrong.shape)
# (50, 40)
# >>> torch.allclose(
# ...     wrong.sum(dim=1),
# ...     torch.ones(50),
# ... )
# False
# >>> torch.allclose(
# ...     wrong.sum(dim=0),
# ...     torch.ones(40),
# ... )
# True
# ```
#
# `dim=0` normalises down the columns, across the queries: each key's column sums to 1, while a
# query's row no longer does, so the prediction is no longer a weighted average of the values.
# The shape stays the same, so nothing raises; only checking the row sums reveals it.
#
# </details>
#
# 4. Among the bandwidths 0.1, 0.2, 0.3, 0.5 and 1.0, which has the smallest test MSE? Could you
#    choose this way in a real problem?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> def test_mse(h):
# ...     pred, _ = at.nadaraya_watson(
# ...         data.x_test,
# ...         data.x_train,
# ...         data.y_train,
# ...         bandwidth=h,
# ...     )
# ...     err = pred - data.y_truth
# ...     return (err**2).mean().item()
# >>> hs = [0.1, 0.2, 0.3, 0.5, 1.0]
# >>> min(hs, key=test_mse)
# 0.3
# ```
#
# No: it uses the noise-free `y_truth`, which a real problem does not have. Choosing the
# bandwidth from the training data alone takes leave-one-out
# (*[Why leave one out](leave-one-out.py)*).
#
# </details>
#
# 5. Write the denominator as $\sum_j K(x - x_i)$ by mistake. What does the prediction become?
#
# <details><summary>Solution</summary>
#
# The denominator equals $n K(x - x_i)$, every weight is $1/n$, and the prediction is the mean of
# `y_train`, whatever the query:
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x = data.x_train
# >>> y = data.y_train
# >>> query = 1.0
# >>> # K(query - x_i) for each x_i
# >>> kernel = at.gaussian_kernel(
# ...     query - x
# ... )
# >>> # the mistake: sum over j of
# >>> # K(query - x_i): n equal terms
# >>> denominator = len(x) * kernel
# >>> weights = kernel / denominator
# >>> y_hat = (weights * y).sum()
# >>> torch.allclose(y_hat, y.mean())
# True
# ```
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.pooling.gaussian_kernel">gaussian_kernel</autoref>,
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>,
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmap">plot_attention_heatmap</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_fit">plot_fit</autoref>,
#   <autoref identifier="attention_tutorial.figures.attention.plot_bandwidth_gallery">plot_bandwidth_gallery</autoref>,
#   <autoref identifier="attention_tutorial.explorer.bandwidth_explorer">bandwidth_explorer</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson_broadcast">nadaraya_watson_broadcast</autoref>,
#   <autoref identifier="attention_tutorial.data.describe">describe</autoref>,
#   <autoref identifier="attention_tutorial.data.prints_error">prints_error</autoref>
# - PyTorch: `torch.repeat_interleave`, `Tensor.reshape`, `torch.nn.functional.softmax`, `torch.matmul`
# - Tensor API handbook: [repeat_interleave and repeat](handbook/repeat.py), [reshape and view](handbook/reshape.py), [expand and broadcasting](handbook/expand.py), [softmax and dim](handbook/softmax.py), [torch.matmul](handbook/matmul.py)
