# %% [markdown]
# # 本章回顾
#
# 这一页把整章收拢到一处：非参数预测和带参数的留一法训练这两条流程中，张量形状怎样一步步变化；几条关键公式；要点和本章的几个关键数字；本章之外的几条线索；散落在各页“常见疑问”里的答案索引；最后是几道练习。形状图不是手画的，而是由本教程的包 `attention_tutorial` 把这两条流程在数据上真正跑一遍、记下每个主要步骤之后张量的形状画出来的。代码里的注释和打印出的标签是英文的：中文页和英文页运行的是同一份代码。
#
# 回顾的范围是从《[注意力提示](cues.py)》到《[从高斯核到点积注意力](dot-product.py)》这几页，对应《动手学深度学习》中文第二版（英文 0.17 版）的 10.1–10.2 节（点积一页取自 10.3 节；现在的英文版 d2l.ai 是 11.1–11.3 节），其中《边界偏差与局部线性回归》《为什么要留一》《训练后的曲线为何不平滑》三页是书里没有的延伸；书里的每段代码对应到本站的哪里，[对照页](d2l-map.md)逐段列了出来。《从高斯核到点积注意力》之后的三页，《[从核回归到 Transformer 注意力](transformer.py)》《[在二维玩具问题上学习投影](projections.py)》和《[注意力的开销随 n 的增长](scale.py)》，已经走出了本章，只在“本章之外”一节里各用一两句话指过去。

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
# ## 张量形状怎样变化
#
# 这里用 40 个训练样本、50 个测试输入，两个尺寸不同（为什么要这样，见《[非参数注意力汇聚](nonparametric.py#查询和键能互换吗)》一页的“查询和键能互换吗？”）。

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
# 图的上半是预测，下半是训练：每一步一个方框，方框里左边是这一步的代码或公式，右端是它得到的张量形状；链旁的方框（窄屏上缩进在链中）引入输入或途中算出的查询（颜色的含义见图下的图例）。
#
# 输入并不都从链的开头进来。预测那条路径从查询 `x_test` 出发：`repeat_interleave` 把每个查询重复 `n_train` 次，得到形状为 `(n_test * n_train,)` 的一维张量，`reshape(-1, n_train)` 再把它折成 `(n_test, n_train)` 的查询矩阵；键 `x_train` 在算分数时从链旁进入，值 `y_train` 在最后的 `matmul` 这一步进入。训练那条路径上，形状在 `leave_one_out` 这一步从一维变成二维：它从形状为 `(n_train,)` 的 `x_train` 和 `y_train` 得到两个张量，即键和值，形状都是 `(n_train, n_train - 1)`。查询是平铺成同样形状的 `x_train`，在分数这一步与键相遇；它也从链旁进入，因为是途中算出来的，画成橙色。
#
# 形状里看不出两件事。沿 `dim=1` 的 softmax 不改变形状，只把每一行分数变成和为 1 的权重。预测时每一行权重都和同一个 `y_train` 相乘；训练时每个查询都有自己的一组值，所以 `bmm` 把每一行权重和它自己的那一行值配对，每个查询做一次 `(1, n_train - 1) @ (n_train - 1, 1)` 的乘法。
#
# 图里没有画第三条流程：带参数的模型（训练之后）在测试集上预测。`NWKernelRegression` 要求每个查询有自己的一行键和值（训练时每行少的那个键各不相同），所以测试时也得把 `x_train` 和 `y_train` 用 `repeat((n_test, 1))` 平铺成 `(n_test, n_train)`，尽管每一行都一样；`at.nadaraya_watson` 只接受一组共用的键和值，所以不用平铺。上面打印的最后两行就是这条流程的形状；$w = 1$ 时，它的预测和非参数的预测相同（下面折叠的核对代码的最后一项检查）。

# %% fold="核对本节正文的代码"
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
# ## 关键公式
#
# 注意力汇聚是值的加权平均，权重由查询与键的相似度经 softmax 得到：
#
# $$\hat f(x) = \sum_{i=1}^{n} \alpha(x, x_i)\, y_i ,$$
#
# 其中 $n$ 是训练样本数，权重都非负，且和为 1：$\sum_{i} \alpha(x, x_i) = 1$。
#
# 平均汇聚（基线）：每个权重都是 $1/n$，既不看查询，也不看键：
#
# $$\hat f(x) = \frac{1}{n} \sum_{i=1}^{n} y_i .$$
#
# 非参数（Nadaraya-Watson，高斯核，带宽 $h$）：
#
# $$\alpha(x, x_i) = \operatorname{softmax}_i\left(-\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2\right).$$
#
# 局部线性回归（同样的权重 $\alpha_j = \alpha(x, x_j)$，拟合加权直线而不求加权平均，见《[边界偏差与局部线性回归](local-linear.py)》）：
#
# $$\begin{aligned}
# \hat y &= \bar y + b (x - \bar x), \\
# \bar x &= \sum_j \alpha_j x_j, \quad \bar y = \sum_j \alpha_j y_j, \\
# b &= \frac{\sum_j \alpha_j (x_j - \bar x)\, y_j}{\sum_j \alpha_j (x_j - \bar x)^2} .
# \end{aligned}$$
#
# 带参数：把 $1/h$ 换成可学习的 $w$，带宽就是 $1/|w|$：
#
# $$\alpha(x, x_i) = \operatorname{softmax}_i\left(-\frac{1}{2}\big((x - x_i)\, w\big)^2\right).$$
#
# 留一法训练损失（第 $i$ 个点只看其余的点，softmax 也只在 $j \ne i$ 上归一化）：
#
# $$\begin{gathered}
# L(w) = \sum_{i=1}^{n} \big(\hat y_i - y_i\big)^2, \\
# \hat y_i = \sum_{j \ne i} \operatorname{softmax}_j\big(-\tfrac{1}{2}((x_i - x_j)w)^2\big)\, y_j .
# \end{gathered}$$
#
# 高斯核与点积注意力（这里 $q = xw$，$k = x_i w$）：
#
# $$-\frac{1}{2}(q - k)^2 = qk - \frac{1}{2}k^2 - \frac{1}{2}q^2 ,$$
#
# 其中 $q^2$ 项对所有键相同，被 softmax 消去。
#
# 下面几个代码单元把上面的公式在本章的数据（50 个训练样本，前面各页用的都是它）上跑一遍：带参数模型的训练（留一法损失，SGD），测试集上的误差，以及两端的拟合，其中局部线性回归按上面的公式从同样的注意力权重算出。得到的数和各页打印的相同，下面的要点会用到它们。

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

# %% fold="核对下面要点的代码"
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
# ## 要点
#
# - 注意力提示分两种：非自主性提示（不随意线索）来自输入本身，自主性提示（随意线索）来自观察者的目的。卷积层、全连接层和汇聚层没有自主性提示；注意力机制加入了查询，查询就是自主性提示，键则是非自主性提示。
# - 平均汇聚不看查询：每个值的权重都是 $1/n$，预测是一条水平线，是后面各种方法的基线。
# - Nadaraya-Watson 核回归就是以核函数打分的注意力汇聚，本章用的是高斯核（上面的非参数公式）；带宽 $h$ 决定每个查询看多远，太小追着噪声，太大抹平起伏。
# - 边缘的查询只有一侧有键，加权平均被拉向数据内部，这是边界偏差；局部线性回归用同样的注意力权重拟合一条加权直线，去掉了左端 $x = 0$ 处的大部分偏差（误差 +2.18 → +0.75），在右端 $x = 4.9$ 却更差（+0.03 → −0.49）；为什么，见《[边界偏差与局部线性回归](local-linear.py)》一页的“[局部线性回归](local-linear.py#局部线性回归)”一节。
# - 带参数的版本学的是 $w$（带宽 $h = 1/|w|$）；训练时必须留一，原因见下面的练习 1。
# - 训练出的 $w$ 是五步 SGD（[全批量](parametric.py#训练)）停下的地方（上面从 0.496 走到了 16.20），不是损失的最低点：留一法损失在训练出的 $w$ 处是 22.69，在 $w = 4$ 处只有 18.00。
# - 曲线不平滑本身不等于预测更差：在测试集上，训练出的 $w$ 的均方误差是 0.130，比 $w = 1$ 的 0.428 小；
#   可留一法损失最小处附近的 $w = 4$ 曲线更平滑，误差更小，只有 0.049。好坏要看测试误差，不看平不平滑。
# - 高斯核分数展开后是点积加上每个键一个偏置，这是通向 Transformer 注意力的一步；本章为什么仍只学一个标量，见《[带参数的注意力汇聚](parametric.py#常见疑问)》的常见疑问和《从核回归到 Transformer 注意力》一页的“[一维时一个 w 为什么就够](transformer.py#一维时一个-w-为什么就够)”。
#
# ## 本章之外
#
# - 查询和键变成向量后，一个 $w$ 换成学出来的投影矩阵 $W_q$ 和 $W_k$（值也多了一个 $W_v$）；高斯核的写法里还留着每个键一个偏置 $-\frac{1}{2}\lVert W_k k\rVert^2$，Transformer 把它去掉了。见《[从核回归到 Transformer 注意力](transformer.py#一个-w-为什么会变成矩阵)》一页的“一个 w 为什么会变成矩阵”；去掉它在玩具问题上要付出什么代价，见《[在二维玩具问题上学习投影](projections.py#去掉键偏置会怎样)》一页的“去掉键偏置会怎样？”。
# - 留一法可以写成掩码：`scores.masked_fill(eye, float("-inf"))` 让每个点在自己键上的权重正好是 0，不必再删对角线、改形状；同一个 `masked_fill` 在 Transformer 里遮住填充位。见《[从核回归到 Transformer 注意力](transformer.py#把留一法写成带掩码的-softmax)》一页的“把留一法写成带掩码的 softmax”。
# - 每个查询都要和每个键比一次，时间随 $n^2$ 增长；内存却不必：分块配合在线 softmax，或者 PyTorch 融合的 SDPA 内核（能用上时），都不用存下完整的 $n \times n$ 矩阵。见《[注意力的开销随 n 的增长](scale.py#实测的时间和内存)》一页的“实测的时间和内存”。
# - 点积形式 ${qk - \frac{1}{2}k^2}$ 在 float32 下是两个大数相减，误差随输入大小的平方增长；先算 ${q - k}$ 的距离形式不受影响。见《[注意力的开销随 n 的增长](scale.py#为什么点积形式在-float32-下会损失精度)》一页的“为什么点积形式在 float32 下会损失精度”。
#
# ## 常见疑问索引
#
# | 疑问 | 答案在 |
# |---|---|
# | 卷积、汇聚层为什么不算注意力？键和值为什么要分开？ | [注意力提示](cues.py#常见疑问) |
# | 为什么给 `x_train` 排序？运行出来的数和书上不一样？ | [数据](data.py#常见疑问) |
# | `repeat_interleave` 和 `repeat` 有什么区别？ | [平均汇聚](average.py#常见疑问) |
# | 距离越远，权重越大吗？指数里的负号能漏吗？分母里写 $x_i$ 还是 $x_j$？带宽越小越好吗？这是注意力还是 k 近邻？ | [非参数注意力汇聚](nonparametric.py#常见疑问) |
# | 训练数据和测试数据能对调吗？形状都对上了，代码就对了吗？ | [查询和键能互换吗？](nonparametric.py#查询和键能互换吗) |
# | 为什么左端的拟合偏得最厉害？ | [偏差出在边界](local-linear.py#偏差出在边界) |
# | 为什么去掉对角线？打印的损失为什么是别的版本的一半或两倍？ | [带参数的注意力汇聚](parametric.py#常见疑问) |
# | 为什么只学一个标量 $w$，而不是每个键一个，或者一个矩阵？ | [带参数的注意力汇聚](parametric.py#常见疑问)；[一维时一个 w 为什么就够](transformer.py#一维时一个-w-为什么就够) |
# | 为什么一个点不能用自己预测自己？测试时也要留一吗？ | [为什么要留一](leave-one-out.py#常见疑问) |
# | “不平滑”有什么害处？$w$ 是负数怎么办？ | [训练后的曲线为何不平滑](smoothness.py#常见疑问) |
# | 学习率和参数化怎样决定 $w$ 停在哪里？ | [w 在训练中走过的路](smoothness.py#w-在训练中走过的路) |
# | 高斯核注意力和 Transformer 的点积注意力是一回事吗？ | [Transformer 为什么去掉键偏置](dot-product.py#transformer-为什么去掉键偏置)；[一个 w 为什么会变成矩阵](transformer.py#一个-w-为什么会变成矩阵) |
# | 画图时报 `Can't call numpy() on Tensor that requires grad`？ | [画图之前先 detach](parametric.py#画图之前先-detach) |
#
# ## 练习
#
# 1. 留一法损失里，$\hat y_i$ 的 softmax 只在 $j \ne i$ 上取。如果把 $j = i$ 也算进去，$|w|$ 增大时训练损失会怎样？先想一想，再用 `at.loss_at_w` 在 $w = 1$、10、100 处比较两种损失。
#
# <details><summary>答案</summary>
#
# 每个点给自己打的分是 0，是这一行里最大的，所以 $|w|$ 越大，softmax 越把权重几乎全压到这个点自己身上：$\hat y_i$ 趋近 $y_i$，含自身的损失一路滑向 0，训练就会让 $|w|$ 无止境地增大。留一法损失先降后升，在有限的 $w$ 处有最低点（见[一个训练点看见自己时](leave-one-out.py#一个训练点看见自己时)）。下面第一列含自身，第二列留一：
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
# 2. 如果只有 3 个训练样本、7 个测试输入（`n_train = 3`，`n_test = 7`），形状图里的每个形状会变成什么？把平铺查询的那两行按 MXNet 的写法写成 `x_test.repeat(n_train).reshape(-1, n_train)`，会报错吗？打印前三行，看看每一行装的是什么。
#
# <details><summary>答案</summary>
#
# 预测那条路径上，`repeat_interleave` 得到 `(21,)`，之后的查询、分数和权重都是 `(7, 3)`，`y_hat` 是 `(7,)`；训练那条路径上，键和值是 `(3, 2)`，`bmm` 是 `(3, 1, 2)` 乘 `(3, 2, 1)`，得 `(3, 1, 1)`，`y_fit` 是 `(3,)`。写成 `repeat` 则什么错都不报：形状照样是 `(7, 3)`，但 PyTorch 的 `repeat` 把整个张量首尾相接地平铺，每一行不再是同一个查询。两个尺寸不同，只能查出把 `n_train` 和 `n_test` 弄混的错误，查不出这一种；要看每一行里装的是什么。上面第三条流程用 `repeat((n_test, 1))` 平铺键和值却是对的：那里每一行本来就该装全部 `n_train` 个键；要让每一行是同一个查询的，才用 `repeat_interleave`。
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
# 3. 《动手学深度学习》这一节的练习 1：训练样本从 50 个增加到 500 个，非参数的 Nadaraya-Watson 预测会更准吗？分别在带宽 $h = 1$、$0.25$ 和 $0.1$ 下比较测试集上相对真实函数的均方误差（`at.mse_against_truth` 的第一个参数是 $w = 1/h$）。
#
# <details><summary>答案</summary>
#
# $h = 1$ 时几乎没变（0.428 → 0.393）：这时的误差主要是偏差，宽窗口把波峰压低、把波谷抬高，样本再多也改不了；$h = 0.25$ 时误差降到原来的三分之一左右（0.049 → 0.017）：样本多了，窄窗口里也有足够多的点把噪声平均掉。更窄的 $h = 0.1$ 在 50 个样本时比 $h = 0.25$ 差（0.093 对 0.049），窗口里的点太少，噪声平均不掉；到 500 个样本时反而更好（0.010 对 0.017）。也就是说，样本多了，最好的带宽变小了：带宽跟着样本变小，预测才会越来越准，这就是相合性（consistency，书里译作“一致性”；见《[训练后的曲线为何不平滑](smoothness.py#理论背景相合性与局部常数拟合)》一页的“理论背景：相合性与局部常数拟合”）。
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
# 4. 高斯核分数展开后，softmax 可以去掉 $-\frac{1}{2}q^2$ 这一项。为什么 $-\frac{1}{2}k^2$ 不能一起去掉？用一个查询 $q = 1.5$ 和三个键 0、1、3 试一试。
#
# <details><summary>答案</summary>
#
# softmax 是在同一个查询的所有键上做的。$-\frac{1}{2}q^2$ 是加在每个键的分数上的同一项，取 exp 之后成了分子分母共同的因子，约掉了，权重不变；$-\frac{1}{2}k_i^2$ 每个键各不相同，去掉它权重就变了：只剩 ${qk - \frac{1}{2}q^2}$（softmax 和只剩点积 $qk$ 时相同）时，最大的键 3 拿走了几乎全部权重，尽管离查询最近的是键 1（见[把平方展开](dot-product.py#把平方展开)）。
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
