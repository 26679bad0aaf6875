# %% [markdown]
# # 训练后的曲线为何不平滑
#
# 《[带参数的注意力汇聚](parametric.py)》一页训练出的预测曲线比[非参数](nonparametric.py)的那条“抖”得多。
# 本页回答三个问题：学到的 $w$ 到底意味着什么？为什么 SGD 会停在这样一个 $w$ 上？
# 曲线不平滑是不是就意味着预测更差？

# %%
import torch

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
# queries, keys, values: f(*qkv) passes
# the three in this order
qkv = (x_test, x_train, y_train)
# the training set, as calls take it
xy = (x_train, y_train)
n_train = len(x_train)
print("n_train =", n_train, end=" ")
print(" n_test =", len(x_test))

# %% [markdown]
# ## 重新训练一次
#
# 用和那一页相同的种子创建模型，$w$ 的初值相同；训练本身不用随机数，所以学到的 $w$ 也和那一页打印的相同。
#
# <!-- source: attention_tutorial.training.train -->

# %%
# the seed of the page parametric: the
# same initial w
_ = torch.manual_seed(at.SEED)
model = at.NWKernelRegression()
# 5 epochs of SGD, lr = 0.5
losses = at.train(model, *xy)
w_trained = model.w.item()
print(f"learned w = {w_trained:.4f}")

# %% [markdown]
# ## 带宽的倒数
#
# 把 $w$ 挪到分母上：
#
# $$\begin{aligned}
# -\frac{1}{2}\big((x - x_i)\, w\big)^2 &= -\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2, \\
# h &= \frac{1}{|w|} .
# \end{aligned}$$
#
# 这正是带宽为 $h$ 的高斯核的指数。带宽大致是“查询能看多远”：距离为 $2h$ 的键，权重还有距离为 0 的键的 $e^{-2} \approx 0.14$ 倍；距离超过约 $3h$ 的键，相对权重才降到 $e^{-4.5} \approx 1\%$ 左右。
# 把它和训练点之间的间距比一比。<autoref identifier="attention_tutorial.analysis.input_spacing">input_spacing</autoref>
# 先把 `x_train` 排序，再求相邻两点之差的中位数和平均值。

# %%
h = at.bandwidth_from_w(w_trained)
gaps = at.input_spacing(x_train)
labels = (
    "bandwidth 1/|w|:",
    "median gap of sorted x_train:",
    "mean gap of sorted x_train:",
)
row = "{:<30}{:.4f}".format
rows = map(row, labels, (h, *gaps))
print(*rows, sep="\n")

# %% [markdown]
# 训练出的带宽比训练点的典型间距还小。于是一个查询往往只“看得见”离它最近的两三个训练点，
# 预测就接近**最近邻插值**：曲线在训练点之间跳来跳去，跟着每个点的噪声走。
#
# 公式里只出现 $w^2$，所以 $w$ 和 $-w$ 给出完全相同的预测；$w$ 的符号没有意义，只有 $|w|$ 有意义。
# 下面也验证了：用 $w$ 预测，和用带宽 $1/|w|$ 的 <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref> 预测，结果只差 float32 的舍入误差（最大相差 <span class="attn-nobr">4.8e-07</span>）。

# %%
# three predictions, each (n_test,)
y_plus = at.predict(w_trained, *qkv)
y_minus = at.predict(-w_trained, *qkv)
y_nw, _ = at.nadaraya_watson(
    *qkv,
    bandwidth=h,
)
y_diff = (y_plus - y_minus).abs()
gap_sign = y_diff.max()
gap_nw = (y_plus - y_nw).abs().max()
print(
    "max |y_hat(w) - y_hat(-w)|:",
    f"{gap_sign:.1e}",
)
print(
    "max |y_hat(w)",
    "- nadaraya_watson(h)|",
)
print(f"  with h = 1/|w|: {gap_nw:.1e}")
# w and -w: exactly the same predictions
assert gap_sign == 0

# %% [markdown]
# ## 三种带宽的比较
#
# 比较三个 $w$：$w = 1$（《[非参数注意力汇聚](nonparametric.py)》的模型）、SGD 学到的 $w$，以及在《[为什么要留一](leave-one-out.py)》一页的网格上留一法损失最小的 $w$
# （<autoref identifier="attention_tutorial.analysis.best_w">best_w</autoref>）。
# 表中每个 $w$ 一列（w = 1、trained w、best w），每列除 w 本身外还有三样东西：
#
# - 带宽 $1/|w|$；
# - “有效键数”（keys in use 一行）：对一个查询的注意力权重 $\alpha_i$ 算出 $1 / \sum_i \alpha_i^2$，再在所有查询上取平均，
#   定义见《非参数注意力汇聚》一页“[不同带宽一览](nonparametric.py#不同带宽一览)”一节（$m$ 个键平分权重时等于 $m$）；
# - 测试集上相对**真实函数** $f$ 的均方误差（<autoref identifier="attention_tutorial.analysis.mse_against_truth">mse_against_truth</autoref>），
#   这是我们真正关心的预测质量。

# %%
# (401,): the grid of the page
# leave-one-out
ws = torch.logspace(-1, 3, 401)
w_best = at.best_w(ws, *xy)
candidates = {
    "w = 1": 1.0,
    "trained w": w_trained,
    "best w": w_best,
}
# one column per w: w, 1/|w|,
# keys in use, test MSE
table = {}
for name, w in candidates.items():
    bandwidth = at.bandwidth_from_w(w)
    # (n_test, n_train)
    _, weights = at.nadaraya_watson(
        *qkv,
        bandwidth=bandwidth,
    )
    # (n_test,): keys in use per query
    used = 1 / (weights**2).sum(dim=1)
    keys_in_use = used.mean().item()
    # against the true f
    mse = at.mse_against_truth(
        w,
        x_test,
        data.y_truth,
        *xy,
    )
    table[name] = (
        w,
        bandwidth,
        keys_in_use,
        mse,
    )
# column widths: 40 columns in all, a
# phone's line
widths = (9, 10, 10)
line = " " * 11
cols = zip(table, widths, strict=True)
for name, c in cols:
    line += f"{name:>{c}}"
print(line)
row_labels = (
    "w",
    "1/|w|",
    "keys in use",
    "test MSE",
)
by_w = table.values()
for i, label in enumerate(row_labels):
    spec = ".4f"
    if label == "keys in use":
        # one decimal
        spec = ".1f"
    line = f"{label:<11}"
    cols = zip(
        by_w,
        widths,
        strict=True,
    )
    for col, c in cols:
        line += f"{col[i]:>{c}{spec}}"
    print(line)

# %% [markdown]
# 三条拟合曲线各画一幅小图，依次是这三个 $w$（宽屏上从左到右，窄屏上从上到下），标题写着它是哪一个 $w$ 和它的值（“训练得到的 w”即上表的 trained w，“留一法最好的 w”即 best w）。图上方先打印每条曲线的“最大跳动”，即相邻两个测试输入之间预测的最大变化，用来量化曲线有多“抖”；真实函数 $f$ 的也一并打印，作为参照：

# %%
fits = {}
for name, w in candidates.items():
    fits[name] = at.predict(w, *qkv)
# the largest jump: the largest change
# of a curve between neighbouring test
# inputs, f's first
print("largest jump:")
jumps = {}
curves = {"true f": data.y_truth}
curves.update(fits)
for name, y in curves.items():
    # (n_test - 1,)
    changes = (y[1:] - y[:-1]).abs()
    jump = changes.max().item()
    jumps[name] = jump
    print(f"  {name}: {jump:.2f}")
# one panel per w; each title in both
# languages, the page shows its own
w_t = f"{w_trained:.2f}"
w_b = f"{w_best:.2f}"
titles = [
    f"w = {candidates['w = 1']:.2f}",
    {
        "zh": f"训练得到的 w = {w_t}",
        "en": f"trained w = {w_t}",
    },
    {
        "zh": f"留一法最好的 w = {w_b}",
        "en": f"best w = {w_b}",
    },
]
at.plot_fits(
    x_test,
    data.y_truth,
    fits,
    *xy,
    titles=titles,
)

# %% [markdown]
# ## “不平滑”不等于“更差”
#
# 把图上方打印的最大跳动和表的最后一行（测试集上的均方误差，test MSE）对照着看：$w = 1$ 的曲线最平滑，比 $f$ 本身还平滑（最大跳动 0.07，$f$ 是 0.36），误差却最大。这些误差是从哪里来的？把它在 50 个测试查询上的平方误差之和按查询的位置拆开：

# %%
# where the error of w = 1 comes from:
# the left edge or the rest
miss = fits["w = 1"] - data.y_truth
# (n_test,)
squared = miss**2
# (n_test,): the queries left of x = 1
left = x_test < 1
left_sum = squared[left].sum()
total = squared.sum()
share = (left_sum / total).item()
print(
    "summed squared error, w = 1:",
    f"{total:.1f}",
)
n_left = int(left.sum())
print(
    f"  from x < 1 ({n_left} queries):",
    f"{left_sum:.1f}",
)
print(f"  share: {share:.0%}")
# at the left edge, w = 1: how much of
# each query's weight goes to keys right
# of it
_, weights = at.nadaraya_watson(
    *qkv,
    bandwidth=1.0,
)
# (n_test, n_train): 1 where the key is
# right of the query
is_right = x_train > x_test[:, None]
right = is_right.float()
# (n_test,)
w_right = weights * right
right_share = w_right.sum(dim=1)
x_min = x_train.min().item()
print(f"smallest x_train: {x_min:.2f}")
print(
    "share of the weight right of x,",
    "w = 1:",
)
for q in (0, 3, 5, 9):
    x_q = x_test[q]
    share_q = right_share[q]
    print(
        f"  x = {x_q:.1f}:",
        f"{share_q:.2f}",
    )

# %% [markdown]
# 其中四分之三来自 $x = 1$ 左边的十个查询。那里数据的边界截掉了这个很宽的窗口的左侧，大部分权重落在右边的键上（在 $x = 0$ 处是全部权重：没有小于 0.11 的训练输入），而右边的 $f$ 更高，拟合就偏高了：这正是《[边界偏差与局部线性回归](local-linear.py#偏差出在边界)》一页讲的边界偏差。其余的大部分来自核在别处也太宽，峰和谷都被削平了。两者都是**偏差**。
# SGD 学到的 $w$ 让曲线抖了起来（最大跳动 1.25），误差反而比 $w = 1$ 小。留一法最好的 $w$ 介于两者之间，
# 最大跳动 0.35，和 $f$ 的 0.36 差不多，误差最小。平滑与否只是外观，衡量预测好坏要看它离真实函数有多远。
#
# 不平滑也确实有代价：带宽小于点间距时，每个预测几乎只由两三个带噪声的标签决定，
# 噪声没有被平均掉，这是**方差**。和 $w = 1$ 比，训练出的 $w$ 在偏差上省下的多于它多出的方差，所以误差更小；
# 和留一法最好的 $w$ 比，它多出的方差超过了它省下的那点偏差，所以误差更大。
#
# ## 为什么 5 步后停在那里
#
# 训练的每一步都用全部 50 个样本（[全批量梯度下降](parametric.py#训练)）。损失是 50 个平方误差的**和**，梯度也是 50 项之和，数值很大；学习率 0.5 乘上它，
# 第一步就从初值跳出很远。下面单独算出第一步，再手动走这一步：更新写在 `with torch.no_grad():` 里。没有它，PyTorch 会直接拒绝这一步：`probe.w` 是需要梯度的叶子参数，不能原地修改（报错 [`a leaf Variable that requires grad is being used in an in-place operation`](handbook/errors.py#a-leaf-variable-that-requires-grad-is-being-used-in-an-in-place-operation)）；有了它，这一步也不会记进计算图、不参与之后的 `backward()`。随后把 `probe.w.grad` 设为 `None`，否则下一次 `backward()` 会把新梯度加到旧梯度上。
#
# <!-- source: attention_tutorial.training.loss_at_w -->


# %%
def loss_at(w):
    # the left-out loss at w
    return at.loss_at_w(w, *xy)


_ = torch.manual_seed(at.SEED)
# the same initial w as before training
probe = at.NWKernelRegression()
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(*xy)
# (n_train,)
y_probe = probe(x_train, keys, values)
loss = ((y_probe - y_train) ** 2).sum()
loss.backward()
grad_start = probe.w.grad.item()
w_start = probe.w.item()
print(
    f"initial w = {w_start:.4f},",
    f"dL/dw = {grad_start:.4f}",
)
step = 0.5 * probe.w.grad
w_next = (probe.w - step).item()
print(
    "after one step: w - 0.5 dL/dw =",
    f"{w_next:.4f}",
)
# the step by hand, then the gradient
# where it lands
with torch.no_grad():
    probe.w -= step
probe.w.grad = None
y_probe = probe(x_train, keys, values)
loss = ((y_probe - y_train) ** 2).sum()
loss.backward()
grad_there = probe.w.grad.item()
print(
    "  dL/dw there =",
    f"{grad_there:.4f}",
)
loss_trained = loss_at(w_trained)
loss_best = loss_at(w_best)
print(
    "left-out loss at the trained w:",
    f"{loss_trained:.4f}",
)
print(
    "left-out loss at the best w:   ",
    f"{loss_best:.4f}",
)

# %% [markdown]
# 第一步直接越过了留一法损失的最低点，落到它右侧很远的地方（下文“[*w* 在训练中走过的路](#w-在训练中走过的路)”一节的图画出了这条曲线和这一步）。
# 在那张图的对数横轴上，曲线在那里还在上升，但对 $w$ 本身来说坡度很缓：那里的梯度只有 0.34，起点处却是 −32.8。
# 所以剩下的 4 步只把 $w$ 往回挪了一点
# （把上面打印的第一步之后的 $w$ 与学到的 $w$ 对比），$w$ 就停在了一个比最优值大得多的地方。它不是损失的最低点，只是 5 步 SGD 恰好走到的地方；
# 换一个种子、一个学习率或更多的轮数，结果都会不同（见练习 1）。
#
# ## *w* 在训练中走过的路
#
# 把 5 步 SGD 中每一步之后的 $w$ 记下来，画在留一法损失曲线上，就能看清它是怎么“跳过”最低点的。<autoref identifier="attention_tutorial.training_paths.w_path">w_path</autoref>
# 做的正是 `at.train` 的那几步，只是把每一步的 $w$ 都留了下来。除了学习率 0.5 和 0.05，
# 我们还试一种做法：不直接学 $w$，而是学 $u = \log w$，用 $w = e^u$ 计算。
#
# <!-- source: attention_tutorial.training_paths.w_path -->

# %%
_ = torch.manual_seed(at.SEED)
# the same initial w as on the page
# parametric
w0 = at.NWKernelRegression().w.item()


def path_at(lr, log_w=False):
    # w at the start and after each of 5
    # SGD steps
    return at.w_path(
        *xy,
        w0,
        lr=lr,
        log_w=log_w,
    )


paths = {}
for log_w in (False, True):
    for lr in (0.5, 0.05):
        kind = "log w" if log_w else "w"
        name = f"{kind}, lr = {lr}"
        paths[name] = path_at(lr, log_w)
# one column per path: the parameter and
# lr, w after each step, then the
# left-out loss where the path ends
kinds = " " * 6
rates = f"{'lr':<6}"
for name in paths:
    kind, rate = name.split(", lr = ")
    kinds += f" {kind:>7}"
    rates += f" {rate:>7}"
print(kinds)
print(rates)
chapter = paths["w, lr = 0.5"]
for step in range(len(chapter)):
    line = f"step {step}"
    for path in paths.values():
        line += f" {path[step]:>7.4g}"
    print(line)
line = f"{'loss':<6}"
for path in paths.values():
    loss = loss_at(path[-1])
    line += f" {loss:>7.4f}"
print(line)
print(
    "best w on the grid:",
    f"{w_best:.4f},",
    f"loss {loss_best:.4f}",
)
# lr = 0.5 on w: the 5 steps of at.train
# above
w_end = chapter[-1]
assert abs(w_end - w_trained) < 1e-3

# %% [markdown]
# 四条路径的颜色和每一步的标记各不相同。灰色方块是它们共同的初值，描边的圆点是各自的终值，星号是网格上的最低点（星号画在路径之上、终点圆点之下：终点落在最低点上时，星的尖角露在圆点四周）。第二幅图把第一幅图里的虚线框放大（$w$ 从 1 到 20，损失从 17 到 25），最低点附近挤在一起的几步在那里才分得开：

# %%
# a second panel enlarges the dashed box
# w from 1 to 20, the loss from 17 to 25
zoom = (1.0, 20.0, 17.0, 25.0)
at.plot_w_paths(
    *xy,
    paths,
    zoom=zoom,
)

# %% [markdown]
# 折线只是把相邻两步连起来，线段上的点不是训练中出现过的损失；学习率 0.5、学 $w$ 时，第 1 至第 5 步在右侧挤在一处，放大后也彼此重叠（它们的值见上表）。橙色路径（图例“w, lr = 0.05”）紧贴着灰色曲线，第一段有一部分被红色路径（图例“log w, lr = 0.05”）盖住；在放大的第二幅图里，它后面几步是终点左边那几个橙色小三角，红色路径越过最低点后往回走的几步是星号右边的红色菱形。
#
# - **学 $w$，学习率 0.5**：第一步就从初值 0.4963（上表第 0 步那一行）跳到右侧平缓的坡上，之后每步只挪一点，停在远离最低点的地方。这就是本页开头训练出的 $w$。
# - **学 $w$，学习率 0.05**：步子小了十倍，第一步不再越过最低点，$w$ 从左侧一点点向右挪近它；5 步还没走到，但方向是对的。
# - **学 $\log w$**：链式法则给出 $\partial L/\partial u = w\,\partial L/\partial w$，一步改变的是 $w$ 的**倍数**而不是差值，$w$ 也永远是正数。图的横轴本来就是对数坐标，在 $u$ 上做梯度下降，看到的坡度就是图上这条曲线的坡度（步子照样可能跨过最低点）。学习率 0.05 时，第 2 步越过了最低点（到了 5.062），之后从右边退回来，第 5 步到了 3.996，紧挨着最低点，但还在往回走。
# - 但改学 $\log w$ 并不能免去选学习率：学 $\log w$、学习率 0.5 时，第一步把 $w$ 乘上了几千倍，落在右端的平台上。在那里，每个训练点只有最近的那个键还有权重，其余键的权重在 float32 里都下溢成了 0（小到 float32 表示不了，变成恰好 0），梯度算出来就恰好是 0（下文的核对单元格验证了这一点；精确地算，它是一个极小的正数）。之后的每一步都原地不动，$w$ 再也走不回来。下面的演示里，这几步的梯度也显示为 0。
#
# 可见训练出的 $w$ 取决于学习率、步数，以及学的是 $w$ 还是 $\log w$，而不只是数据。这也解释了为什么 d2l 的读者用不同的框架、种子或学习率训练，报告的 $w$ 各不相同；本站固定了种子，每位读者得到的都是同一个 $w$。
#
# ## 自己走一走
#
# 上面的四条路径是画好的。下面的演示让你自己走：选一个学习率（对数刻度，从 0.001 到 10），
# 选训练 $w$ 还是 $\log w$，然后按“走一步”。每按一次，浏览器就用写进本页的同一份训练数据
# 走一步 SGD，在表中添一行：新的 $w$、那里的梯度和损失。图中各个符号的意思见图上方的图例。
#
# 下面的单元格按本章的设置用 `at.sgd_stepper(...)` 建好演示，用 `stepper.path()` 在 Python 里走完 5 步，
# 再和上面的路径“w, lr = 0.5”核对：在演示里按 5 次“走一步”，表格里出现的正是这几个 $w$。
#
# <!-- source: attention_tutorial.stepper.sgd_stepper -->

# %%
# the chapter's settings: w as the
# parameter, lr = 0.5, 5 steps from the
# same initial w
stepper = at.sgd_stepper(
    data,
    w0=w0,
    lr=0.5,
    log_w=False,
    steps=5,
)
# its 5 steps in Python: the w of the
# table above
same = stepper.path() == chapter
print(
    "same as the path w, lr = 0.5",
    "above:",
    same,
)
assert same
stepper

# %% [markdown]
# 可以试试这几件事：
#
# - 把“[*w* 在训练中走过的路](#w-在训练中走过的路)”一节那张图里的四条路径一步一步走一遍，该看什么见那张图下的说明。学习率 0.5、训练 $w$ 时，留意第 0 行（初值处）的梯度 −32.8 有多大：第一步就是按它走的。
# - 学习率 0.05、训练 $w$，一直走到按钮允许的第 50 步：能走到最低点吗？
# - 学习率 10，分别训练 $w$ 和 $\log w$：第一步走到哪里？
#
# 没有 JavaScript 时，演示处显示的是本章设置下 5 步路径的静态图。

# %%
# lr = 0.05, w as the parameter: as many
# steps as the step button allows (50)
creep = at.w_path(
    *xy,
    w0,
    lr=0.05,
    epochs=50,
)
for steps in (5, 20, 50):
    print(
        f"w after {steps:>2} steps:",
        f"{creep[steps]:.4f}",
    )
last_step = creep[50] - creep[49]
print(
    "the 50th step moved w by",
    f"{last_step:+.4f}",
)
print(
    "best w on the grid:",
    f"{w_best:.4f}",
)
# still moving rightwards, and still
# left of the minimum
assert creep[5] < creep[20] < creep[49]
assert creep[49] < creep[50] < w_best

# %% [markdown]
# 上面的单元格在 Python 里做第二件事：越靠近最低点梯度越小，$w$ 越挪越慢，走完仍在它左边。下面的单元格做第三件事：训练 $w$ 时，它第一步就被甩到右端的平台上，之后几乎不动；训练 $\log w$ 时，它第一步就超出 float32 能表示的范围，<autoref identifier="attention_tutorial.training_paths.w_path">w_path</autoref> 报错，演示也在这一步停下，两者都说 $w$ 超出了 float32 能表示的范围。

# %%
# lr = 10: w lands on the plateau in one
# step and barely moves; log w leaves
# float32's range
lr10 = at.w_path(
    *xy,
    w0,
    lr=10.0,
    epochs=5,
)
print(
    f"w, lr = 10: {lr10[0]:.4f}",
    f"→ {lr10[1]:.4g}",
)
later = [f"{w:.4g}" for w in lr10[2:]]
print("  then " + ", ".join(later))
# one step up to the plateau, then moves
# by < 1 %
spread = max(lr10[1:]) - min(lr10[1:])
assert spread < 0.01 * lr10[1]
print("log w, lr = 10:")
# the step the stepper stops at with its
# "diverged" sentence; prints_error
# fails if w_path does not raise
with at.prints_error(
    ValueError,
    width=40,
):
    at.w_path(
        *xy,
        w0,
        lr=10.0,
        epochs=1,
        log_w=True,
    )

# %% [markdown]
# 报错信息索引：[`w left float32's range (about 3.4e38) after a step with lr = …`](handbook/errors.py#w-left-float32s-range-about-34e38-after-a-step-with-lr--)。

# %% [markdown]
# 下面折叠起来的单元格只核对本页正文说到的数和结论（重新运行若有变化，构建就失败），可以跳过。

# %% fold="核对本页正文的代码"
# checks of this page's text, one claim
# a line
# nadaraya_watson's largest gap
assert f"{gap_nw:.1e}" == "4.8e-07"
# test MSE: best w < trained w < w = 1
mse = {n: table[n][3] for n in table}
assert mse["best w"] < mse["trained w"]
assert mse["trained w"] < mse["w = 1"]
# keys in use
in_use = table["trained w"][2]
assert f"{in_use:.1f}" == "2.4"
# largest jumps: f, w = 1, the trained
# w, the best w
jump_sizes = jumps.values()
shown = [f"{j:.2f}" for j in jump_sizes]
expected = "0.36 0.07 1.25 0.35".split()
assert shown == expected
# w = 1: three quarters of the error
# from the ten queries left of x = 1
assert n_left == 10
assert 0.7 < share < 0.8
# there most of the weight lies right;
# at x = 0 all of it (no x_train below
# 0.11)
assert right[0].all()
assert (right_share[left] > 0.5).all()
assert f"{x_min:.2f}" == "0.11"
# the gradient at the start and where
# the first step lands
assert round(grad_start, 1) == -32.8
assert round(grad_there, 2) == 0.34
# one start for all four paths;
# lr = 0.05 on w ends left of minimum
starts = {p[0] for p in paths.values()}
assert len(starts) == 1
assert f"{w0:.4f}" == "0.4963"
slow = paths["w, lr = 0.05"]
assert slow[-1] < w_best
# log w, lr = 0.05: past the minimum at
# step 2, then back from the right
over = paths["log w, lr = 0.05"]
assert over[1] < w_best < over[2]
assert over[2] > over[3] > over[4]
assert over[4] > over[5]
assert abs(over[-1] / w_best - 1) < 0.05
shown = f"{over[2]:.4g} {over[-1]:.4g}"
assert shown == "5.062 3.996"
# log w, lr = 0.5: w times a few
# thousand, onto the plateau, then stuck
plateau = paths["log w, lr = 0.5"]
assert 1000 < plateau[1] / w0 < 10_000
assert plateau[-1] == plateau[1]
# there each point's weight is on one
# key (others underflow to 0):
# gradient 0
flat = at.NWKernelRegression(plateau[1])
y_flat = flat(x_train, keys, values)
loss = ((y_flat - y_train) ** 2).sum()
loss.backward()
kept = flat.attention_weights > 0
# (n_train,)
assert (kept.sum(dim=1) == 1).all()
assert flat.w.grad.item() == 0
# the tries: the 50th step at lr = 0.05
# small; lr = 10 onto the plateau
assert last_step < 0.01
assert lr10[1] > 100

# %% [markdown]
# ## 理论背景：相合性与局部常数拟合
#
# Nadaraya-Watson 估计可以写成一个[**局部常数**](glossary.md#local-constant-fit)的加权最小二乘问题：在每个查询 $x$ 处，
# 找一个常数 $c$，使按核加权的平方误差最小，
#
# $$\begin{aligned}
# \hat f(x) &= \arg\min_{c} \sum_{i=1}^{n} K\left(\frac{x - x_i}{h}\right) (y_i - c)^2 \\
# &= \frac{\sum_{i} K\left(\frac{x - x_i}{h}\right) y_i}{\sum_{j} K\left(\frac{x - x_j}{h}\right)} .
# \end{aligned}$$
#
# 对 $c$ 求导并令其为 0，就得到右边的加权平均。把局部常数换成局部直线，就是局部线性回归：
# 在 $f$ 近似一条直线的边缘（这里是左端），它去掉了大部分偏差；在 $f$ 弯曲的右端，它反而更差，
# 见《[边界偏差与局部线性回归](local-linear.py)》一页。
#
# 这个估计是**逐点相合**（pointwise consistent）的：样本数 $n \to \infty$ 时，只要带宽 $h \to 0$，
# 同时 $n h^d \to \infty$（$d$ 是输入的维数，这里 $d = 1$），几乎每一点上的预测都依概率收敛到真实的回归函数
# （Devroye，1981；“几乎每一点”是相对输入的分布而言的，对核和标签还有一些宽松的条件）。
# 要整条曲线一起收敛（一致相合，即一致收敛），条件得更严一些，例如 $n h / \log n \to \infty$（$d = 1$；Mack 与 Silverman，1982）。
# 逐点相合的两个条件各管一件事：$h \to 0$ 让窗口越来越窄，偏差消失；$nh^d \to \infty$
# 让每个窗口里的样本越来越多，噪声被平均掉。训练出的 $w$ 离第二条的要求最远：窗口里平均只有约 2.4 个有效键（上表 keys in use 一行）。
#
# 参考文献：L. Devroye，“On the almost everywhere convergence of nonparametric regression
# function estimates”，*The Annals of Statistics* 9 (6)，1310–1319，1981。
# Y. P. Mack、B. W. Silverman，“Weak and strong uniform consistency of kernel regression estimates”，
# *Zeitschrift für Wahrscheinlichkeitstheorie und verwandte Gebiete* 61 (3)，405–415，1982。
#
# ## 常见疑问
#
# **“不平滑”有什么害处**？害处在方差，但误差不一定更大，见上文“[‘不平滑’不等于‘更差’](#不平滑不等于更差)”一节。
#
# **为什么训练数据当键、测试数据当查询？能反过来吗**？见《[非参数注意力汇聚](nonparametric.py#查询和键能互换吗)》一页的“查询和键能互换吗？”。训练时查询就是训练输入本身，所以才要留一。
#
# **学到的 $w$ 是负数怎么办**？没关系：只有 $|w|$ 有意义，见上文“[带宽的倒数](#带宽的倒数)”一节。
#
# **这是不是就成了 k 近邻**？接近，但不是：上表中训练出的 $w$ 平均有两三个有效键，
# 每个预测是最近的两三个训练点的加权平均，权重是软的，次近的键也分到不少；
# k 近邻则给最近的 $m$ 个点相同的权重，其余为 0（这里把邻居的个数记作 $m$，因为 $k$ 在本章指键）。
# $|w| \to \infty$ 时才真正变成 1-近邻（见练习 3）。
#
# ## 练习
#
# 1. “[为什么 5 步后停在那里](#为什么-5-步后停在那里)”一节的代码打印了初始 $w$ 和 $dL/dw$。先别运行代码，只用这两个数和上表中最好的 $w$ 回答：
#    学习率取 0.1 时，一步会把 $w$ 带到哪里，会不会越过最好的 $w$？第一步恰好不越过最低点的学习率
#    最大是多少，本章的 0.5 是它的几倍？然后用 `at.w_path` 以学习率 0.1 走 5 步，看后面几步会不会
#    改变结论。
#
# <details><summary>答案</summary>
#
# 一步让 $w$ 变化 $-\text{lr}\cdot dL/dw$。学习率 0.1 时，$w$ 停在最好的 $w$ 左边一点，没有越过去。
# 不越过最低点的最大学习率等于到最好的 $w$ 的距离除以梯度的大小，约为 0.106；本章的 0.5 是它的 4.7 倍。
# 之后四步都很小（最低点附近梯度小），$w$ 一直在最低点左边，慢慢向它靠近。
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> _ = torch.manual_seed(at.SEED)
# >>> # the initial w of this page
# >>> model = at.NWKernelRegression()
# >>> kv = at.leave_one_out(x, y)
# >>> y_hat = model(x, *kv)
# >>> loss = ((y_hat - y) ** 2).sum()
# >>> loss.backward()
# >>> w0 = model.w.item()
# >>> grad = model.w.grad.item()
# >>> round(w0, 4), round(grad, 2)
# (0.4963, -32.8)
# >>> ws = torch.logspace(-1, 3, 401)
# >>> w_best = at.best_w(ws, x, y)
# >>> # a step at lr = 0.1; the best w
# >>> w1 = w0 - 0.1 * grad
# >>> round(w1, 2), round(w_best, 2)
# (3.78, 3.98)
# >>> # the lr that lands on w_best
# >>> lr_max = (w_best - w0) / -grad
# >>> ratio = 0.5 / lr_max
# >>> round(lr_max, 3), round(ratio, 1)
# (0.106, 4.7)
# >>> path = at.w_path(
# ...     x, y, w0, lr=0.1, epochs=5
# ... )
# >>> # w after each of the 5 steps
# >>> [round(w, 3) for w in path[1:]]
# [3.776, 3.799, 3.818, 3.835, 3.85]
# ```
#
# </details>
#
# 2. 取一个查询，验证核加权平均确实让 $\sum_i K_i (y_i - c)^2$ 最小：在一排候选的 $c$ 上算这个和，
#    看最小值是否出现在加权平均处。
#
# <details><summary>答案</summary>
#
# 令导数 $-2\sum_i K_i (y_i - c)$ 等于 0，得到 $c = \sum_i K_i y_i / \sum_i K_i$，正是加权平均。
# 在一排 $c$ 上搜索，结果也一样：
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> # one query, x = 2.0
# >>> k = at.gaussian_kernel(
# ...     2.0 - x, bandwidth=0.3
# ... )
# >>> w_mean = (k * y).sum() / k.sum()
# >>> # candidate constants, step 0.001
# >>> c = torch.linspace(0, 5, 5001)
# >>> # (5001, n_train): squared misses
# >>> sq = (y - c[:, None]) ** 2
# >>> cost = (k * sq).sum(dim=1)
# >>> best_c = c[cost.argmin()]
# >>> gap = abs(best_c - w_mean).item()
# >>> gap < 1e-3
# True
# ```
#
# </details>
#
# 3. 把 $w$ 取到 1000（几乎就是 1-近邻），测试误差和上表相比如何？
#
# <details><summary>答案</summary>
#
# 0.2601：比训练出的 $w$（0.1299，带宽已经小于点间距）差，但仍比平滑的 $w = 1$（0.4276）好。
# $w = 1000$ 时，每个预测只是最近一个训练点的带噪声标签：几乎全是方差，偏差很小。
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> # what mse_against_truth takes
# >>> # after w, in this order
# >>> sets = (
# ...     data.x_test,
# ...     data.y_truth,
# ...     data.x_train,
# ...     data.y_train,
# ... )
# >>> _ = torch.manual_seed(at.SEED)
# >>> model = at.NWKernelRegression()
# >>> x, y = data.x_train, data.y_train
# >>> losses = at.train(model, x, y)
# >>> mse_of = at.mse_against_truth
# >>> w_t = model.w.item()
# >>> mse = {
# ...     w: round(mse_of(w, *sets), 4)
# ...     for w in (1000.0, w_t, 1.0)
# ... }
# >>> list(mse.values())
# [0.2601, 0.1299, 0.4276]
# ```
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>、<autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>、<autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、<autoref identifier="attention_tutorial.analysis.bandwidth_from_w">bandwidth_from_w</autoref>、<autoref identifier="attention_tutorial.analysis.input_spacing">input_spacing</autoref>、<autoref identifier="attention_tutorial.analysis.best_w">best_w</autoref>、<autoref identifier="attention_tutorial.analysis.mse_against_truth">mse_against_truth</autoref>、<autoref identifier="attention_tutorial.figures.curves.plot_fits">plot_fits</autoref>、<autoref identifier="attention_tutorial.training.predict">predict</autoref>、<autoref identifier="attention_tutorial.training.train">train</autoref>、<autoref identifier="attention_tutorial.training.loss_at_w">loss_at_w</autoref>、<autoref identifier="attention_tutorial.training_paths.w_path">w_path</autoref>、<autoref identifier="attention_tutorial.figures.curves.plot_w_paths">plot_w_paths</autoref>、<autoref identifier="attention_tutorial.stepper.sgd_stepper">sgd_stepper</autoref>、<autoref identifier="attention_tutorial.data.prints_error">prints_error</autoref>
# - PyTorch：`torch.logspace`、`Tensor.backward`、`Tensor.grad`、`torch.no_grad`
# - 张量 API 手册：[Parameter、MSELoss、SGD](handbook/training.py)；`torch.no_grad` 见其中 `torch.optim.SGD` 下的“[陷阱](handbook/training.py#陷阱_2)”一节
