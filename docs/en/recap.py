# %% [markdown]
# # Chapter recap
#
# This page gathers the chapter in one place: how the tensor shapes change, step by step, in the
# non-parametric prediction and in the parametric model's leave-one-out training; the key
# formulas; the takeaways, with the chapter's key numbers; a few leads beyond the chapter; an
# index of the answers scattered over the “common confusions” of the pages; and, last, a few
# exercises. The shape diagram is not drawn by hand: the package runs both
# flows on the data and draws the shape of the tensor after each main step.
#
# It covers the pages from [Attention cues](cues.py) through [From the Gaussian kernel to
# dot-product attention](dot-product.py), which follow §10.1–10.2 of “Dive into Deep Learning” in
# d2l 0.17 and the Chinese second edition (the dot-product page draws on §10.3; today's d2l.ai has
# this material in §11.1–11.3). Three of them (Boundary bias and local linear regression, Why leave
# one out, Why the trained curve is less smooth) go beyond the book; to map each block of code of
# the book to this site, see [From d2l §10.2 to this site](d2l-map.md). The three pages that
# follow the dot-product page, [From kernel regression to Transformer attention](transformer.py),
# [Learned projections on a 2-D toy problem](projections.py) and
# [What attention costs as n grows](scale.py), go beyond the chapter; the section “Beyond the
# chapter” points to each of them in a line or two.

# %%
import attention_tutorial as at

# n_train != n_test: a mix-up of the two
# sizes shows at once
data = at.make_data(n_train=40)
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = data.n_train
n_test = data.n_test
print(
    f"n_train = {n_train},",
    f"n_test = {n_test}",
)

# %% [markdown]
# ## The flow of shapes
#
# We use 40 training samples and 50 test inputs, two different sizes (why, see
# [Can queries and keys be swapped?](nonparametric.py#can-queries-and-keys-be-swapped) on the
# non-parametric page).

# %%
# prediction: each test input is a query
# against all n_train keys
# (n_test * n_train,)
queries = x_test.repeat_interleave(
    n_train,
)
# (n_test, n_train)
queries = queries.reshape(-1, n_train)
# (n_test, n_train)
scores = -((queries - x_train) ** 2) / 2
# (n_test, n_train): each row sums to 1
weights = scores.softmax(dim=1)
# (n_test,): @ is matrix multiplication
# (torch.matmul)
y_hat = weights @ y_train
print("prediction:")
print(
    "  scores, weights:",
    tuple(weights.shape),
)
print("  y_hat:", tuple(y_hat.shape))

# %%
# training: each point queries the other
# n_train - 1 points
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(
    x_train,
    y_train,
)
model = at.NWKernelRegression(w=1.0)
# (n_train,)
y_fit = model(x_train, keys, values)
# (n_train, n_train - 1)
weights_fit = model.attention_weights
# bmm pairs each query's row of weights
# with its own row of values
# (n_train, 1, n_train - 1)
left = weights_fit.unsqueeze(1)
# (n_train, 1, 1)
batched = left.bmm(values.unsqueeze(-1))
print("training:")
print(
    "  keys, values, weights:",
    tuple(keys.shape),
)
print(
    "  bmm:",
    tuple(batched.shape),
    "-> y_fit:",
    tuple(y_fit.shape),
)

# %%
# the parametric model on the test set:
# every query gets all keys
# (n_test, n_train) each
test_keys = x_train.repeat(
    (n_test, 1),
)
test_values = y_train.repeat(
    (n_test, 1),
)
# (n_test,)
y_test = model(
    x_test,
    test_keys,
    test_values,
)
# the weights of this call: the test
# set's, shaped like the tiled keys
weights_test = model.attention_weights
print("parametric model, test set:")
print(
    "  keys, values:",
    tuple(test_keys.shape),
)
print("  y_hat:", tuple(y_test.shape))

# %%
at.plot_shape_flow(
    x_test,
    x_train,
    y_train,
)

# %% [markdown]
# Above, prediction; below, training: one box per step, holding the step's code or formula on the
# left and the shape of the tensor it gives at its right end; the boxes beside the chain (indented into it, on a
# narrow screen) bring in the inputs or the computed queries (the legend under the diagram explains the colours).
#
# Not every input comes in at the top of the chain. The prediction path starts from the queries `x_test`:
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
# A third flow is not drawn: the parametric model, once trained, predicting on the test set. `NWKernelRegression`
# wants a row of keys and values for each query (in training, each row lacks a different key), so
# at test time, too, `x_train` and `y_train` are tiled with `repeat((n_test, 1))` into
# `(n_test, n_train)`, though every row is the same; `at.nadaraya_watson` takes one set of keys
# and values shared by all queries, so it needs no tiling. The last two lines printed above are
# the shapes of this flow; at $w = 1$ its prediction is the non-parametric one (the last check in
# the folded code below).

# %% fold="The code that checks this section's text"
# the steps written out match the
# package, shape for shape
y_nw, weights_nw = at.nadaraya_watson(
    x_test,
    x_train,
    y_train,
)
diff_weights = weights - weights_nw
assert diff_weights.abs().max() < 1e-6
diff_y_hat = y_hat - y_nw
assert diff_y_hat.abs().max() < 1e-5
diff_fit = batched.reshape(-1) - y_fit
assert diff_fit.abs().max() < 1e-5
shape_test = (n_test, n_train)
assert scores.shape == shape_test
assert weights.shape == shape_test
shape_fit = (n_train, n_train - 1)
assert keys.shape == shape_fit
assert values.shape == shape_fit
assert weights_fit.shape == shape_fit
assert weights_test.shape == shape_test
assert test_keys.shape == shape_test
# at w = 1 the tiled keys give the
# non-parametric prediction
diff_test = y_test - y_nw
assert diff_test.abs().max() < 1e-5

# %% [markdown]
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
# The cells below run the formulas above on the chapter's data (50 training samples, used on
# every page before): the parametric model's training (leave-one-out loss, SGD),
# the errors on the test set, and the fits at both edges, local linear regression computed by the
# formula above from the same attention weights. The numbers are the ones the pages print, and the
# takeaways below cite them.

# %%
import torch

# the chapter's data: 50 training
# samples, as on the other pages
full = at.make_data()
x50, y50 = full.x_train, full.y_train
keys50, values50 = at.leave_one_out(
    x50,
    y50,
)


def loss_of(net):
    # L(w): the summed squared
    # leave-one-out error
    y_fit = net(x50, keys50, values50)
    return ((y_fit - y50) ** 2).sum()


# the parametric page's training: its
# seed, 5 full-batch SGD steps
_ = torch.manual_seed(at.SEED)
net = at.NWKernelRegression()
w_start = net.w.item()
trainer = torch.optim.SGD(
    net.parameters(),
    lr=0.5,
)
for _ in range(5):  # 5 epochs
    trainer.zero_grad()
    loss = loss_of(net)
    loss.backward()
    trainer.step()
w_end = net.w.item()
print(
    f"trained w: {w_start:.3f}",
    f"-> {w_end:.2f}",
)

# %%
# test MSE against the true f
args = (
    full.x_test,
    full.y_truth,
    x50,
    y50,
)
mse_of = at.mse_against_truth
mse_1 = mse_of(1.0, *args)
mse_trained = mse_of(w_end, *args)
# w = 4: near the minimum of the
# leave-one-out loss (h = 0.25)
mse_4 = mse_of(4.0, *args)
print(
    "test MSE: trained",
    f"{mse_trained:.3f}",
)
print(
    f"  w = 1 {mse_1:.3f},",
    f"w = 4 {mse_4:.3f}",
)

# %%
# h = 1: Nadaraya-Watson and local
# linear, from the same weights
# (n_test,), (n_test, n_train)
y_nw, alpha = at.nadaraya_watson(
    full.x_test,
    x50,
    y50,
)
# (n_test, 1) each: the weighted means
# of keys and values
x_bar = (alpha @ x50)[:, None]
y_bar = (alpha @ y50)[:, None]
# (n_test, n_train): x_j - x_bar
dx = x50 - x_bar
# (n_test,): the weighted line's slope b
top = (alpha * dx * y50).sum(dim=1)
bottom = (alpha * dx**2).sum(dim=1)
slope = top / bottom
# (n_test,): x - x_bar
x_off = full.x_test - x_bar[:, 0]
# (n_test,)
y_ll = y_bar[:, 0] + slope * x_off
# the errors at x = 0 and x = 4.9
edges = [0, -1]
truth = full.y_truth[edges]
err_nw = (y_nw[edges] - truth).tolist()
err_ll = (y_ll[edges] - truth).tolist()
x_edges = full.x_test[edges].tolist()
for x, a, b in zip(
    x_edges,
    err_nw,
    err_ll,
    strict=True,
):
    print(
        f"error at x = {x:.1f}:",
        f"NW {a:+.2f}, LL {b:+.2f}",
    )

# %%
# the leave-one-out loss at the trained
# w and at w = 4
with torch.no_grad():
    loss_end = loss_of(net)
    net_4 = at.NWKernelRegression(w=4.0)
    loss_4 = loss_of(net_4)
print(
    f"loss: trained {loss_end:.2f},",
    f"w = 4 {loss_4:.2f}",
)

# %% fold="The code that checks the takeaways below"
nw_left, nw_right = err_nw
ll_left, ll_right = err_ll
# most of the bias gone
assert abs(ll_left) < abs(nw_left) / 2
# worse at the right edge
assert abs(ll_right) > abs(nw_right)
# less smooth, yet not worse
assert mse_trained < mse_1
# smoother still, and better
assert mse_4 < mse_trained
# not the minimum of the loss:
# w = 4 does better
assert loss_4 < loss_end

# %% [markdown]
# ## Takeaways
#
# - Attention cues come in two kinds: non-volitional cues come from the input itself, volitional
#   cues from the observer's purpose. Convolution, fully connected and pooling layers have no
#   volitional cue; attention adds a query, which is the volitional cue, while the keys are
#   non-volitional cues.
# - Average pooling ignores the query: every value gets the same weight $1/n$, so its prediction is
#   a flat line, the baseline for everything after it.
# - Nadaraya-Watson kernel regression is attention pooling scored by a kernel; the chapter uses
#   the Gaussian kernel (the non-parametric formula above); the bandwidth $h$ sets how far each query looks: too small and
#   the fit chases the noise, too large and it flattens the curve.
# - A query at an edge has keys on one side only, so the weighted average is pulled towards the
#   inside of the data: boundary bias. Local linear regression fits a weighted straight line with
#   the same attention weights and removes most of the bias at the left edge $x = 0$ (error
#   +2.18 → +0.75) but does worse at the right edge $x = 4.9$ (+0.03 → −0.49); why is explained
#   under [Local linear regression](local-linear.py#local-linear-regression) on the page
#   [Boundary bias and local linear regression](local-linear.py).
# - The parametric version learns $w$ (bandwidth $h = 1/|w|$); its training must leave each point
#   out; exercise 1 below asks why.
# - The trained $w$ is where five [full-batch](parametric.py#training) SGD steps stop (above, $w$
#   went from 0.496 to 16.20), not the minimum of the loss: the leave-one-out loss is 22.69 at the
#   trained $w$ and only 18.00 at $w = 4$.
# - A less smooth curve is not in itself a worse prediction: on the test set the trained $w$ gives a
#   mean squared error of 0.130, less than the 0.428 of $w = 1$; yet $w = 4$, near the minimum of
#   the leave-one-out loss, is smoother and better still, at 0.049. Judge a fit by its test error,
#   not by how smooth it looks.
# - Expanded, the Gaussian score is a dot product plus one bias per key, the step towards Transformer
#   attention. Why the chapter still learns a single scalar is answered in the common confusions
#   of [Parametric attention pooling](parametric.py#common-confusions) and, on the Transformer
#   page, in [Why one w is enough in one dimension](transformer.py#why-one-w-is-enough-in-one-dimension).
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
# - In float32 the dot-product form ${qk - \frac{1}{2}k^2}$ subtracts two large numbers, and its error
#   grows with the square of the inputs' size; the distance form, which computes ${q - k}$ first, does
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
# ## Exercises
#
# 1. In the leave-one-out loss the softmax of $\hat y_i$ runs over $j \ne i$ only. What happens to
#    the training loss as $|w|$ grows if it also includes $j = i$? Think first, then compare the
#    two losses at $w$ = 1, 10 and 100 with `at.loss_at_w`.
#
# <details><summary>Solution</summary>
#
# Each point's own score is 0, the largest of its row, so as $|w|$ grows the softmax puts almost all
# the weight on the point itself: $\hat y_i$ approaches $y_i$, the loss with the own key slides
# towards 0, and training drives $|w|$ up without bound. The leave-one-out loss falls, then rises
# again: it has its minimum at a finite $w$
# ([When a training point sees itself](leave-one-out.py#when-a-training-point-sees-itself)). The
# first column below includes the own key, the second leaves it out:
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> xy = (data.x_train, data.y_train)
# >>> for w in (1.0, 10.0, 100.0):
# ...     own = at.loss_at_w(w, *xy,
# ...         leave_one_out=False)
# ...     out = at.loss_at_w(w, *xy)
# ...     print(f"w = {w:>5}:",
# ...           f"{own:6.2f}",
# ...           f"{out:6.2f}")
# w =   1.0:  35.25  38.93
# w =  10.0:  10.16  20.43
# w = 100.0:   0.67  33.65
# ```
#
# </details>
#
# 2. With 3 training samples and 7 test inputs (`n_train = 3`, `n_test = 7`), what does each shape
#    of the diagram become? And does it raise an error if you write the two lines that tile the
#    queries the MXNet way, `x_test.repeat(n_train).reshape(-1, n_train)`? Print the first three
#    rows and look at what each row holds.
#
# <details><summary>Solution</summary>
#
# On the prediction path `repeat_interleave` gives `(21,)`, the queries, scores and weights are
# `(7, 3)` and `y_hat` is `(7,)`; on the training path the keys and values are `(3, 2)`, `bmm`
# multiplies `(3, 1, 2)` by `(3, 2, 1)` into `(3, 1, 1)`, and `y_fit` is `(3,)`. With `repeat` you
# get no error at all: the shape is still `(7, 3)`, but PyTorch's `repeat` tiles the whole tensor
# end to end, so a row no longer holds one query. Two different sizes catch a mix-up of `n_train`
# and `n_test`, not this; only looking at what a row holds does. Tiling the keys and values with
# `repeat((n_test, 1))` in the third flow above is right, though: there every row should hold all
# `n_train` keys; a row that should hold one query repeated takes `repeat_interleave`.
#
# ```pycon
# >>> import torch
# >>> x_test = torch.arange(7.0)
# >>> n_train = 3
# >>> right = x_test.repeat_interleave(
# ...     n_train).reshape(-1, n_train)
# >>> wrong = x_test.repeat(
# ...     n_train).reshape(-1, n_train)
# >>> right.shape == wrong.shape
# True
# >>> tuple(right.shape)
# (7, 3)
# >>> right[:3]
# tensor([[0., 0., 0.],
#         [1., 1., 1.],
#         [2., 2., 2.]])
# >>> wrong[:3]
# tensor([[0., 1., 2.],
#         [3., 4., 5.],
#         [6., 0., 1.]])
# ```
#
# </details>
#
# 3. Exercise 1 of the d2l section: with 500 training samples instead of 50, does non-parametric
#    Nadaraya-Watson predict better? Compare the test mean squared error against the true function
#    at bandwidths $h = 1$, $0.25$ and $0.1$ (the first argument of `at.mse_against_truth` is
#    $w = 1/h$).
#
# <details><summary>Solution</summary>
#
# At $h = 1$ hardly at all (0.428 → 0.393): the error there is mostly bias, a wide window lowering
# the peaks and raising the troughs, and more samples do not change that. At $h = 0.25$ the error
# drops to about a third (0.049 → 0.017): with more samples, even a narrow window holds enough
# points to average the noise away. The narrower $h = 0.1$ is worse than $h = 0.25$ with 50 samples
# (0.093 against 0.049), too few points in its window to average the noise away, and better with
# 500 (0.010 against 0.017). So the best bandwidth shrinks as the samples grow: more samples keep
# helping when the bandwidth shrinks with them, and that is consistency (see
# [Background: consistency and local-constant fitting](smoothness.py#background-consistency-and-local-constant-fitting)
# on the page on smoothness).
#
# ```pycon
# >>> import attention_tutorial as at
# >>> hs = (1.0, 0.25, 0.1)
# >>> cols = [f"h = {h}".rjust(9)
# ...         for h in hs]
# >>> print("  n", *cols)
#   n   h = 1.0  h = 0.25   h = 0.1
# >>> mse_of = at.mse_against_truth
# >>> mse = {}
# >>> for n in (50, 500):
# ...     d = at.make_data(n_train=n)
# ...     a = (d.x_test, d.y_truth,
# ...          d.x_train, d.y_train)
# ...     mse[n] = [mse_of(1 / h, *a)
# ...               for h in hs]
# ...     print(f"{n:3}", *(f"{m:9.3f}"
# ...           for m in mse[n]))
#  50     0.428     0.049     0.093
# 500     0.393     0.017     0.010
# >>> few, many = mse[50], mse[500]
# >>> # h = 1 barely moves
# >>> assert many[0] > 0.9 * few[0]
# >>> # h = 0.25 falls to about a third
# >>> ratio = few[1] / many[1]
# >>> assert 2.5 < ratio < 3.5
# >>> # h = 0.1: worse than 0.25 at 50,
# >>> # better at 500
# >>> assert few[2] > few[1]
# >>> assert many[2] < many[1]
# ```
#
# </details>
#
# 4. The softmax may drop the term $-\frac12q^2$ of the expanded Gaussian score. Why not the
#    term $-\frac12k^2$ as well? Try one query $q = 1.5$ and the three keys 0, 1 and 3.
#
# <details><summary>Solution</summary>
#
# The softmax runs over the keys of one query. $-\frac12q^2$ is the same term added to all of
# them: after the exp it is a common factor of numerator and denominator, which cancels, and the
# weights stay as they are. $-\frac12k_i^2$ differs from key to key, so dropping it changes the
# weights: with ${qk - \frac12q^2}$ alone (the same softmax as the dot product $qk$ alone), the
# largest key, 3, takes almost all the weight, though
# the nearest key to the query is 1 ([Expanding the square](dot-product.py#expanding-the-square)).
#
# ```pycon
# >>> import torch
# >>> q = torch.tensor(1.5)
# >>> k = torch.tensor([0.0, 1.0, 3.0])
# >>> s = -((q - k) ** 2) / 2
# >>> s.softmax(dim=0)
# tensor([0.2119, 0.5761, 0.2119])
# >>> (q * k - k**2 / 2).softmax(dim=0)
# tensor([0.2119, 0.5761, 0.2119])
# >>> (q * k - q**2 / 2).softmax(dim=0)
# tensor([0.0105, 0.0469, 0.9426])
# ```
#
# </details>
