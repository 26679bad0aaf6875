# %% [markdown]
# # Chapter recap
#
# This page gathers the chapter in one place: how the tensor shapes change, step by step, in the
# non-parametric prediction and in the parametric model's leave-one-out training; the key formulas; and an index of the answers scattered over the
# “common confusions” of the pages. The shape diagram is not drawn by hand: the package runs both
# flows on the data and draws the shape of the tensor after each main step.
#
# It covers the pages from [Attention cues](cues.py) through [From the Gaussian kernel to
# dot-product attention](dot-product.py). The three pages that follow the dot-product page,
# [From kernel regression to Transformer attention](transformer.py),
# [Learned projections on a 2-D toy problem](projections.py) and
# [What attention costs as n grows](scale.py), go beyond the chapter; the section “Beyond the
# chapter” points to each of them in a line or two.

# %%
import attention_tutorial as at

# n_train != n_test: a mix-up of the two sizes shows at once
data = at.make_data(n_train=40)
x_train, y_train, x_test = data.x_train, data.y_train, data.x_test
n_train, n_test = data.n_train, data.n_test
print(f"n_train = {n_train}, n_test = {n_test}")

# %% [markdown]
# ## The flow of shapes
#
# We use 40 training samples and 50 test inputs, two different sizes (why, see
# [Can queries and keys be swapped?](nonparametric.py#can-queries-and-keys-be-swapped) on the
# non-parametric page).

# %%
# prediction: each test input is a query against all n_train keys
# (n_test, n_train)
queries = x_test.repeat_interleave(n_train).reshape(-1, n_train)
# (n_test, n_train)
scores = -((queries - x_train) ** 2) / 2
# (n_test,), (n_test, n_train)
y_hat, attention_weights = at.nadaraya_watson(x_test, x_train, y_train)
# training: each training point is a query against the other
# n_train - 1
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(x_train, y_train)
model = at.NWKernelRegression(w=1.0)
# (n_train,)
y_fit = model(x_train, keys, values)
# bmm pairs each query's row of weights with its own row of values
# (n_train, 1, n_train - 1)
left = model.attention_weights.unsqueeze(1)
# (n_train, 1, 1)
batched = left.bmm(values.unsqueeze(-1))
print("prediction:")
print("  scores, weights:", tuple(attention_weights.shape))
print("  y_hat:", tuple(y_hat.shape))
print("training:")
print("  keys, values, weights:", tuple(keys.shape))
print("  bmm:", tuple(batched.shape), "-> y_fit:", tuple(y_fit.shape))
# the products written out give the package's results, in the
# shapes printed
assert (attention_weights @ y_train - y_hat).abs().max() < 1e-5
assert (batched.reshape(-1) - y_fit).abs().max() < 1e-5
assert scores.shape == attention_weights.shape == (n_test, n_train)
assert keys.shape == values.shape == (n_train, n_train - 1)
assert model.attention_weights.shape == keys.shape
at.plot_shape_flow(x_test, x_train, y_train)

# %% [markdown]
# Above, prediction; below, training: one box per step, holding the step's code or formula on the
# left and the shape of the tensor it gives at its right end; the boxes beside the chain bring in
# the inputs or the computed queries (the legend under the diagram explains the colours).
#
# Inputs do not only come in at the top. The prediction path starts from the queries `x_test`:
# `repeat_interleave` repeats each query `n_train` times, a 1-D tensor of shape
# `(n_test * n_train,)`, and `reshape(-1, n_train)` folds it into the `(n_test, n_train)` query
# matrix; the keys `x_train` come in beside the
# chain where the scores need them, the values `y_train` at the final `matmul`. On the training
# path, `leave_one_out` makes the shapes two-dimensional: from `x_train` and `y_train`, shape
# `(n_train,)`, it makes two tensors, the keys and the values, each of shape
# `(n_train, n_train - 1)`. The queries, `x_train` tiled to that same shape, meet the keys at the
# score step; they too come in beside the chain, in orange, since they are computed on the way.
#
# Two things the shapes do not show. The softmax along `dim=1` leaves the shape as it is: it
# only turns each row of scores into weights that sum to 1. And where prediction multiplies every
# row of weights with the same `y_train`, in training each query has values of its own, so `bmm`
# pairs each row of weights with its own row of values: one
# `(1, n_train - 1) @ (n_train - 1, 1)` product per query.
#
# ## Key formulas
#
# Attention pooling is a weighted average of the values, the weights a softmax of how similar the
# query is to each key:
#
# $$\hat f(x) = \sum_{i=1}^{n} \alpha(x, x_i)\, y_i ,$$
#
# where $n$ is the number of training samples, and the weights are non-negative and sum to 1:
# $\sum_{i} \alpha(x, x_i) = 1$.
#
# Average pooling, the baseline: every weight is $1/n$, whatever the query and the keys:
#
# $$\hat f(x) = \frac{1}{n} \sum_{i=1}^{n} y_i .$$
#
# Non-parametric (Nadaraya-Watson, Gaussian kernel, bandwidth $h$):
#
# $$\alpha(x, x_i) = \operatorname{softmax}_i\left(-\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2\right).$$
#
# Local linear regression (the same weights $\alpha_j = \alpha(x, x_j)$, a weighted straight line
# instead of a weighted average; see [Boundary bias and local linear regression](local-linear.py)):
#
# $$\begin{aligned}
# \hat y &= \bar y + b (x - \bar x), \\
# \bar x &= \sum_j \alpha_j x_j, \quad \bar y = \sum_j \alpha_j y_j, \\
# b &= \frac{\sum_j \alpha_j (x_j - \bar x)\, y_j}{\sum_j \alpha_j (x_j - \bar x)^2} .
# \end{aligned}$$
#
# Parametric: $1/h$ becomes a learnable $w$, and the bandwidth is $1/|w|$:
#
# $$\alpha(x, x_i) = \operatorname{softmax}_i\left(-\frac{1}{2}\big((x - x_i)\, w\big)^2\right).$$
#
# The leave-one-out training loss (point $i$ only sees the others; the softmax runs over
# $j \ne i$ only):
#
# $$\begin{gathered}
# L(w) = \sum_{i=1}^{n} \big(\hat y_i - y_i\big)^2, \\
# \hat y_i = \sum_{j \ne i} \operatorname{softmax}_j\big(-\tfrac{1}{2}((x_i - x_j)w)^2\big)\, y_j .
# \end{gathered}$$
#
# Gaussian kernel and dot-product attention, with $q = xw$ and $k = x_i w$:
#
# $$-\frac{1}{2}(q - k)^2 = qk - \frac{1}{2}k^2 - \frac{1}{2}q^2 ,$$
#
# and the $q^2$ term, the same for every key, cancels in the softmax.
#
# ## Takeaways
#
# - Attention cues come in two kinds: non-volitional cues come from the input itself, volitional
#   cues from the observer's purpose. Convolution, fully connected and pooling layers have no
#   volitional cue; attention adds a query, which is the volitional cue, while the keys are
#   non-volitional cues.
# - Average pooling ignores the query: every value gets the same weight $1/n$, so its prediction is
#   a flat line, the baseline for everything after it.
# - Nadaraya-Watson kernel regression is attention pooling scored by the Gaussian kernel (the
#   non-parametric formula above); the bandwidth $h$ sets how far each query looks: too small and
#   the fit chases the noise, too large and it flattens the curve.
# - A query at an edge has keys on one side only, so the weighted average is pulled towards the
#   inside of the data: boundary bias. [Local linear regression](local-linear.py) fits a weighted
#   straight line with the same attention weights and removes most of the bias at the left edge
#   $x = 0$; at the right edge it does worse: the centre of that query's weights lies on the
#   stretch where $f$ falls before its trough, so the fitted slope is negative, while $f$ rises
#   overall from the centre to the query; extrapolated to the right along that slope, the line
#   corrects the wrong way (Nadaraya-Watson is accurate there only because its two biases happen
#   to cancel).
# - The parametric version learns $w$ (bandwidth $h = 1/|w|$); its training must leave each point
#   out, or $|w|$ grows without bound.
# - The trained $w$ is where five [full-batch](parametric.py#training) SGD steps stop, not the
#   minimum of the loss; a less smooth curve is not a worse prediction.
# - Expanded, the Gaussian score is a dot product plus one bias per key, the step towards Transformer
#   attention; the index of common confusions below says why the chapter learns a single scalar
#   all the same.
#
# ## Beyond the chapter
#
# - Vector queries and keys get learned projections $W_q$ and $W_k$ where the chapter has one $w$
#   (and $W_v$ for the values); the Gaussian form keeps one bias per key,
#   $-\frac{1}{2}\lVert W_k k\rVert^2$, which a
#   Transformer drops; see [Why one w becomes a matrix](transformer.py#why-one-w-becomes-a-matrix).
#   For what dropping the bias costs on a toy problem, see the section
#   [And without the key bias?](projections.py#and-without-the-key-bias) of the page on learned
#   projections.
# - Leave-one-out is a mask: `scores.masked_fill(eye, float("-inf"))` gives each point's own key a
#   weight of exactly 0, with no diagonal to cut out and no reshape; in a Transformer the same
#   `masked_fill` hides padding; see [Leave-one-out as a masked softmax](transformer.py#leave-one-out-as-a-masked-softmax).
# - Every query meets every key, so the time grows as $n^2$; the memory need not: a chunked online
#   softmax or PyTorch's fused SDPA kernel (when it applies) never holds a full $n \times n$
#   matrix; see [Measured time and memory](scale.py#measured-time-and-memory).
# - In float32 the dot-product form $qk - \frac{1}{2}k^2$ subtracts two large numbers, and its error
#   grows with the square of the inputs' size; the distance form, which computes $q - k$ first, does
#   not; see [Why the dot-product form loses accuracy in float32](scale.py#why-the-dot-product-form-loses-accuracy-in-float32).
#
# ## Index of common confusions
#
# | Question | Answered on |
# |---|---|
# | Why are convolution and pooling layers not attention? Why separate keys and values? | [Attention cues](cues.py#common-confusions) |
# | Why sort `x_train`? Why do my numbers differ from the book's? | [The data](data.py#common-confusions) |
# | What is the difference between `repeat_interleave` and `repeat`? | [Average pooling](average.py#common-confusions) |
# | The farther the key, the larger the weight? Can the minus sign in the exponent go? $x_i$ or $x_j$ in the denominator? Is a smaller bandwidth better? Attention or k-nearest neighbours? | [Non-parametric attention pooling](nonparametric.py#common-confusions) |
# | Could the training and test data swap roles? If the shapes fit, is the code right? | [Can queries and keys be swapped?](nonparametric.py#can-queries-and-keys-be-swapped) |
# | Why is the fit worst at the left edge? | [Where the fit goes astray](local-linear.py#where-the-fit-goes-astray) |
# | Why remove the diagonal? Why is the loss off by a factor of 2? | [Parametric attention pooling](parametric.py#common-confusions) |
# | Why one scalar $w$, not one per key or a matrix? | [Parametric attention pooling](parametric.py#common-confusions); [Why one w is enough in one dimension](transformer.py#why-one-w-is-enough-in-one-dimension) |
# | Why can't a point predict itself? Do we leave one out at test time? | [Why leave one out](leave-one-out.py#common-confusions) |
# | What harm does “less smooth” do? What if $w$ is negative? | [Why the trained curve is less smooth](smoothness.py#common-confusions) |
# | How do the learning rate and the parametrisation decide where $w$ stops? | [The path of w during training](smoothness.py#the-path-of-w-during-training) |
# | Is Gaussian-kernel attention the dot-product attention of Transformers? | [Why Transformers drop the key bias](dot-product.py#why-transformers-drop-the-key-bias); [Why one w becomes a matrix](transformer.py#why-one-w-becomes-a-matrix) |
# | `Can't call numpy() on Tensor that requires grad` when plotting? | [Detach before plotting](parametric.py#detach-before-plotting) |
#
# These pages follow §10.1–10.2 of “Dive into Deep Learning” in d2l 0.17 and the Chinese second
# edition (the dot-product page draws on §10.3); today's d2l.ai moved this material to
# §11.1–11.3. Three of them (Boundary bias and local linear regression, Why leave one out, Why the trained
# curve is less smooth) go
# beyond the book. To map each block of code of the book to this site, see
# [From d2l §10.2 to this site](d2l-map.md).
#
# ## Exercises
#
# 1. In the leave-one-out loss the softmax of $\hat y_i$ runs over $j \ne i$ only. What happens to
#    the training loss as $|w|$ grows if it also includes $j = i$, and what does that do to $w$?
#
# <details><summary>Solution</summary>
#
# Each point's own score is 0, the largest of its row, so as $|w|$ grows the softmax puts almost all
# the weight on the point itself: $\hat y_i$ approaches $y_i$ and the loss slides towards 0. The
# loss then keeps falling as $|w|$ grows, so training drives $|w|$ up without bound
# ([When a training point sees itself](leave-one-out.py#when-a-training-point-sees-itself)).
#
# </details>
#
# 2. Prediction multiplies the weights with `y_train` in one `matmul`. Why does training need
#    `bmm`, with two `unsqueeze` calls, instead?
#
# <details><summary>Solution</summary>
#
# In training each query has values of its own: query $i$ has row $i$ of `values`, which is of
# shape `(n_train, n_train - 1)`. Each row of weights must be multiplied with its own row of
# values, not with one shared vector. `bmm` does one `(1, n_train - 1) @ (n_train - 1, 1)` product per query;
# `(weights * values).sum(dim=1)` gives the same ([The flow of shapes](#the-flow-of-shapes) above).
#
# </details>
#
# 3. How is the learned $w$ related to the bandwidth $h$, and why do $w$ and $-w$ give the same
#    predictions?
#
# <details><summary>Solution</summary>
#
# $h = 1/|w|$: the score $-\frac{1}{2}((x - x_i)w)^2$ equals $-\frac{1}{2}((x - x_i)/h)^2$. Here
# $w$ appears only squared, so the sign of $w$ drops out
# ([An inverse bandwidth](smoothness.py#an-inverse-bandwidth)).
#
# </details>
#
# 4. The softmax may drop the term $-\frac{1}{2}q^2$ of the expanded Gaussian score. Why not the
#    term $-\frac{1}{2}k^2$ as well?
#
# <details><summary>Solution</summary>
#
# The softmax runs over the keys of one query. $-\frac{1}{2}q^2$ is the same term added to all of them:
# after the exp it is a common factor $e^{-q^2/2}$, which cancels. $-\frac{1}{2}k_i^2$ differs from key to key, so it changes the
# weights: it is the key bias ([Expanding the square](dot-product.py#expanding-the-square)).
#
# </details>
