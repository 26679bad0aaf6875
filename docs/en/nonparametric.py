# %% [markdown]
# # Non-parametric attention pooling: Nadaraya-Watson kernel regression
#
# In 1964 Nadaraya and Watson independently proposed the same idea: to predict the output at an
# input $x$, take a weighted average of the training outputs $y_i$, giving more weight to the
# samples that lie close to $x$. In the language of attention, $x$ is the **query**, the training
# inputs $x_i$ are the **keys**, the training outputs $y_i$ are the **values**, and the weighted
# average is **attention pooling**. Nothing in this model is learned, hence *non-parametric*.
#
# Every shape, number and figure on this page was produced by running the code below when the
# site was built.

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

_ = torch.manual_seed(at.SEED)  # the one seed of the whole chapter

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
x_train, y_train, x_test = data.x_train, data.y_train, data.x_test
n_train, n_test = len(x_train), len(x_test)
at.describe("x_train", x_train)
at.describe("y_train", y_train)
at.describe("x_test", x_test)

# %% [markdown]
# ## From a kernel to softmax
#
# The Nadaraya-Watson estimator measures how close the query $x$ is to each key $x_i$ with a
# kernel $K$:
#
# $$f(x) = \sum_{i=1}^{n} \frac{K(x - x_i)}{\sum_{j=1}^{n} K(x - x_j)}\, y_i .$$
#
# The denominator normalises the weights so that they sum to 1. With the **Gaussian kernel**
#
# $$K(u) = \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{u^2}{2}\right),$$
#
# the constant $\frac{1}{\sqrt{2\pi}}$ cancels between numerator and denominator, and what is
# left is exactly a softmax:
#
# $$f(x) = \sum_{i=1}^{n} \frac{\exp\left(-\frac{1}{2}(x - x_i)^2\right)}{\sum_{j=1}^{n} \exp\left(-\frac{1}{2}(x - x_j)^2\right)}\, y_i
#        = \sum_{i=1}^{n} \operatorname{softmax}\left(-\frac{1}{2}(x - x_i)^2\right) y_i .$$
#
# Mind the minus sign in the exponent: the farther $x_i$ is from $x$, the smaller
# $-(x - x_i)^2/2$ becomes, and so does its weight. For one query, both forms give the same
# weights:

# %%
query = x_test[10]  # one query, x = 1.0
kernel = at.gaussian_kernel(query - x_train)  # (n_train,)
weights_from_kernel = kernel / kernel.sum()  # (n_train,)
weights_from_softmax = F.softmax(-((query - x_train) ** 2) / 2, dim=0)  # (n_train,)
print(f"query = {query.item():.1f}")
print(f"max |difference| = {(weights_from_kernel - weights_from_softmax).abs().max().item():.1e}")
print("sum of weights   =", round(weights_from_softmax.sum().item(), 6))

# %% [markdown]
# ## Tiling the queries into a matrix
#
# Each test input has to be compared with all 50 training inputs. We repeat every query
# `n_train` times and arrange the result as an `(n_test, n_train)` matrix whose row $i$ holds
# query $i$ over and over. `repeat_interleave` repeats each element in place, and the `-1` in
# `reshape(-1, n_train)` lets PyTorch work out the number of rows.

# %%
queries = x_test.repeat_interleave(n_train)  # (n_test * n_train,)
print("after repeat_interleave:", tuple(queries.shape))
queries = queries.reshape(-1, n_train)  # (n_test, n_train)
print("after reshape:          ", tuple(queries.shape))
print(queries[:3, :4])

# %% [markdown]
# In `queries - x_train`, the `(n_train,)` tensor `x_train` is broadcast to every row, so
# entry $(i, j)$ is $x_i - x_j$: query $i$ minus key $j$. A softmax along `dim=1` (within each
# row) makes each row of weights sum to 1, and the matrix product `torch.matmul` of the weights
# with the value vector gives one prediction per query.

# %%
attention_weights = F.softmax(-((queries - x_train) ** 2) / 2, dim=1)  # (n_test, n_train)
y_hat = torch.matmul(attention_weights, y_train)  # (n_test,)
print("attention_weights:", tuple(attention_weights.shape))
print("row sums:", attention_weights.sum(dim=1)[:5])
print("y_hat:", tuple(y_hat.shape))

# %% [markdown]
# The package's `nadaraya_watson` is these few lines, returning the predictions together with
# the attention weights. `nadaraya_watson_broadcast` skips the tiling and broadcasts
# `queries[:, None] - keys[None, :]` instead; the results agree.

# %%
y_hat_tiled, weights_tiled = at.nadaraya_watson(x_test, x_train, y_train)
y_hat_broadcast, _ = at.nadaraya_watson_broadcast(x_test, x_train, y_train)
print(torch.allclose(y_hat_tiled, y_hat), torch.allclose(y_hat_tiled, y_hat_broadcast))

# %% [markdown]
# ## The attention weights as a heatmap
#
# Each row of the heatmap is a query (a test input), each column a key (a training input), and
# darker means more weight. Both inputs are sorted, so the weight gathers along the diagonal:
# every query attends mostly to the keys nearest to it.

# %%
at.plot_attention_heatmap(attention_weights)

# %% [markdown]
# ## The fit
#
# Unlike the flat line of average pooling, the Nadaraya-Watson prediction follows the rises and
# falls of $f(x)$, but it flattens the peaks and troughs: the width of the Gaussian kernel is
# fixed at 1, so every window also takes in points that are rather far away. The next page lets
# the model learn that width.

# %%
print(f"test MSE against the true f: {((y_hat - data.y_truth) ** 2).mean().item():.4f}")
at.plot_fit(x_test, data.y_truth, y_hat, x_train, y_train)

# %% [markdown]
# ## Common confusions
#
# **Does a farther key get more weight?** No. The exponent is $-(x - x_i)^2/2$: the larger the
# distance, the smaller this number, and the smaller the weight after the softmax. Drop the
# minus sign and you get exactly the opposite.
#
# **Why are the training data the keys and the test data the queries?** A query is a place
# where we want a prediction; the key-value pairs are the samples we already know. A prediction
# can only borrow from known samples, so keys and values both come from the training set.
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.pooling.gaussian_kernel">gaussian_kernel</autoref>,
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>,
#   <autoref identifier="attention_tutorial.plotting.plot_attention_heatmap">plot_attention_heatmap</autoref>
# - PyTorch: `torch.repeat_interleave`, `Tensor.reshape`, `torch.nn.functional.softmax`, `torch.matmul`
