# %% [markdown]
# # 注意力提示
#
# 注意力是稀缺资源：眼睛每时每刻都收到大量信息，大脑只会认真处理其中一小部分。深度学习里的“注意力机制”借用了这个想法。本页先用一个日常场景说明两种**注意力提示**（attention cue，也译作注意力线索），再说明它们在神经网络里分别对应什么，最后引出整章的三个主角：**查询**、**键**和**值**。

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## 两种提示
#
# 设想你赶火车，走进候车大厅抬头看电子屏。屏上几十行车次，其中一行“晚点”是红色的，还在闪烁，你的目光不由自主就被它拉了过去。这是**非自主性提示**（也叫**不随意线索**）：它来自输入本身，和你想做什么无关。醒目只是其中最容易察觉的一种。屏上每一行写着的车次也是输入本身提供的：不管你要坐哪一趟，它都在那里，写的都一样。
#
# 可你要坐的是另一趟车。于是你把目光移开，沿着车次一列去找自己车票上的那个编号，找到后再往右看它对应的检票口。这是**自主性提示**（也叫**随意线索**）：注意力由你自己的目的驱动，换一个要找的车次，你看向的地方也就变了。
#
# - **非自主性提示（不随意线索）**：由输入本身决定，换一个目的也不变。候车大厅里，它是每一行写着的车次，以及闪烁的红色“晚点”这样格外醒目的东西。
# - **自主性提示（随意线索）**：由观察者的目的决定，换一个目的就变。候车大厅里，它是你车票上的车次。
#
# ## 卷积、全连接和汇聚层没有自主性提示
#
# 卷积层、全连接层和汇聚层的输出只由输入和层自己的参数决定，没有任何输入能表达“我这次要找什么”：它们没有自主性提示，至多用到非自主性提示。最大汇聚就是这样：它总是挑出窗口里最大的那个数，就像目光总被最显眼的那一行吸走。平均汇聚则连挑都不挑，给每个数同样的权重，连非自主性提示也没有用上（《[平均汇聚](average.py)》一页还会说到这一点）。d2l 把平均汇聚也算作只用非自主性提示的层，意思是它的输出只由输入决定；本页的说法更严：不挑选，就谈不上用了哪种提示。
#
# 下面对同一组数做最大汇聚和平均汇聚。不论我们想找什么，结果都一样，
# 因为函数里根本没有“想找什么”这个输入。

# %%
# (4,)
values = torch.tensor(
    [0.5, 3.0, 1.0, 2.0],
)
# .item(): the Python number inside
# a one-element tensor
largest = values.max().item()
average = values.mean().item()
print(f"max pooling:     {largest:.4f}")
print(f"average pooling: {average:.4f}")

# %% [markdown]
# ## 注意力机制加入了查询
#
# 注意力机制多了一个输入：**查询**（query），它就是自主性提示，表示“这次要找什么”。被查找的每个输入写成一对**键**（key）和**值**（value）。键是输入本身提供的非自主性提示：不管查询是什么，它都一样，用来和查询比较，相当于屏上每一行的车次（键并不需要醒目）；每个键都配着一个值，值是比较之后真正取走的内容，相当于那一行的检票口。键和值也可以是同一个东西。在本章的回归问题里，键是训练输入 $x_i$，值是对应的训练输出 $y_i$。
#
# 给定查询 $q$ 和 $n$ 个键值对 $(k_1, v_1), \dots, (k_n, v_n)$，**注意力汇聚**输出值的加权平均：
#
# $$f(q) = \sum_{i=1}^{n} \alpha(q, k_i)\, v_i .$$
#
# 权重 $\alpha(q, k_i)$ 叫**注意力权重**：查询和键越相似，权重越大。所有权重都非负，且和为 1。常见的做法是先给每个键打一个分数 $a(q, k_i)$，再用 softmax 把分数变成权重：
#
# $$\begin{aligned}
# \alpha(q, k_i) &= \operatorname{softmax}_i\big(a(q, k_i)\big) \\
# &= \frac{\exp\big(a(q, k_i)\big)}{\sum_{j=1}^{n} \exp\big(a(q, k_j)\big)} .
# \end{aligned}$$
#
# 下面用四个键值对验证：同样的值，换一个查询，输出就变了。这正是自主性提示的特点。这里的分数用的是 $a(q, k) = -(q - k)^2 / 2$：键离查询越近，分数越高（《[非参数注意力汇聚](nonparametric.py)》一页会说明它来自高斯核）。

# %%
# (4,)
keys = torch.tensor(
    [0.0, 1.0, 2.0, 3.0],
)
for query in (0.0, 3.0):
    # (4,)
    scores = -((query - keys) ** 2) / 2
    # (4,): softmax over the keys, dim=0
    attention_weights = F.softmax(
        scores,
        dim=0,
    )
    # (4,) . (4,) -> (): the output f(q)
    f_q = torch.dot(
        attention_weights,
        values,
    )
    # the weights to 3 decimals
    alpha = attention_weights.tolist()
    shown = [f"{a:.3f}" for a in alpha]
    weights_text = ", ".join(shown)
    print(f"query {query:.1f}:")
    print(f"  weights [{weights_text}]")
    print(f"  output {f_q.item():.4f}")

# %% [markdown]
# 查询为 0 时，大部分权重落在键 0 和键 1 上；查询为 3 时，权重移到了键 3 和键 2 上。值没有变，只因为查询变了，输出也跟着变了。
#
# ## 一个真实的例子
#
# 本章的数据由下一页《[数据](data.py)》生成：`make_data` 生成 50 个训练样本。这里从中每隔 10 个取一个，得到 5 个键值对，再取一个测试输入作为查询。逐个打印每个键的分数和权重，最后算出加权平均。

# %%
data = at.make_data()
# (5,): every 10th training input
keys = data.x_train[::10]
# (5,): their outputs
values = data.y_train[::10]
# (): one test input
query = data.x_test[20]
# (5,)
scores = -((query - keys) ** 2) / 2
# (5,)
attention_weights = F.softmax(
    scores,
    dim=0,
)
# (5,) . (5,) -> ()
y_hat = torch.dot(
    attention_weights,
    values,
)
print(f"query q = {query.item():.2f}")
print(" i   k_i   v_i   score  weight")
# per key: k_i, v_i, score, weight
rows = zip(
    keys.tolist(),
    values.tolist(),
    scores.tolist(),
    attention_weights.tolist(),
    strict=True,
)
for i, (k, v, s, a) in enumerate(rows):
    print(
        f"{i + 1:>2}",
        f"{k:>4.2f}",
        f"{v:>4.2f}",
        f"{s:>+6.3f}",
        f"{a:>6.3f}",
        sep="  ",
    )
total = attention_weights.sum().item()
print(f"sum of weights = {total:.4f}")
print(f"f(q) = {y_hat.item():.4f}")

# %% [markdown]
# 包里的 <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>
# 做的正是这件事，只是一次处理很多个查询，所以查询要写成形状为 `(1,)` 的一维张量。两种写法给出同样的权重和输出：

# %%
# returns y_hat (1,) and weights (1, 5)
y_pkg, weights_pkg = at.nadaraya_watson(
    query.reshape(1),
    keys,
    values,
)
same_weights = torch.allclose(
    weights_pkg[0],
    attention_weights,
)
same_output = torch.allclose(
    y_pkg[0],
    y_hat,
)
print("same weights:", same_weights)
print("same output: ", same_output)
assert same_weights and same_output

# %% [markdown]
# 下图把这次注意力汇聚画了出来（函数
# <autoref identifier="attention_tutorial.figures.attention.plot_attention_pooling">plot_attention_pooling</autoref>
# 内部调用 `nadaraya_watson`，图上的数都是算出来的）。查询与每个键比较，箭头越粗，那个键得到的注意力权重越大；中间的条形是权重本身；右边，每个值按自己的权重汇入输出。底部一行把公式 $f(q) = \sum_i \alpha(q, k_i)\, v_i$ 逐项展开。

# %%
at.plot_attention_pooling(
    query,
    keys,
    values,
)

# %% [markdown]
# 图中权重保留四位小数：图下方把印出来的权重和值相乘再相加，至少要取四位，这个和才与输出 2.68 一致（下面折叠的代码把两位、三位、四位小数都算了一遍）。

# %% fold="为什么图里的权重取四位小数？"
# the diagram's sum, with the weights
# rounded to 2, 3 and 4 decimals

v_list = values.tolist()
# the values as the diagram prints them
v_shown = [round(v, 2) for v in v_list]
alpha = attention_weights.tolist()
sums = []
for d in (2, 3, 4):
    shown = [round(a, d) for a in alpha]
    pairs = zip(
        shown,
        v_shown,
        strict=True,
    )
    total = sum(a * v for a, v in pairs)
    text = f"{total:.2f}"
    sums.append(text)
    print(f"{d} decimals: sum {text}")
output = f"{y_hat.item():.2f}"
print(f"output f(q) = {output}")
# four decimals: the fewest
# that give 2.68
assert output == "2.68"
assert sums == ["2.67", "2.69", "2.68"]

# %% [markdown]
# ## 本章路线
#
# 1. [数据](data.py)：本章的回归问题，以及生成数据用到的 `torch.rand`、`torch.sort`、
#    `torch.normal`、`torch.arange` 和随机种子。
# 2. [平均汇聚](average.py)：所有权重都是 $1/n$，完全不看查询，是最简单的基线。
# 3. [非参数注意力汇聚](nonparametric.py)：权重来自查询与键的距离（高斯核）。
# 4. [边界偏差与局部线性回归](local-linear.py)：两端的拟合为什么会偏，以及在每个查询附近拟合一条加权直线的补救办法。
# 5. [带参数的注意力汇聚](parametric.py)：让模型自己学习核的宽度。
# 6. [为什么要留一](leave-one-out.py)：训练时每个点为什么不能看自己的键。
# 7. [训练后的曲线为何不平滑](smoothness.py)：SGD 学到的 $w$ 有多大，“不平滑”又意味着什么。
# 8. [从高斯核到点积注意力](dot-product.py)：看距离的高斯核分数，展开平方后就是点积加上每个键一个偏置。
# 9. [从核回归到 Transformer 注意力](transformer.py)：多维的键、缩放点积注意力和掩码。
# 10. [在二维玩具问题上学习投影](projections.py)：把标量 $w$ 换成可学习的投影。
# 11. [注意力的开销随 n 的增长](scale.py)：四种写法的内存和时间。
# 12. [本章回顾](recap.py)：把整章串起来。
#
# ## 常见疑问
#
# **最大汇聚也“挑出”了一个输入，它不算注意力吗**？最大汇聚挑的永远是数值最大的那个，挑选的依据只有输入本身，也就是非自主性提示。注意力汇聚的依据是查询和键的相似度，换一个查询，挑选的结果就会变。
#
# **键和值为什么要分开**？因为“用来比较的”和“真正取走的”不一定是同一种东西。在候车大厅里，你用车次比较，取走的是检票口；在本章的回归问题里，用输入 $x_i$ 比较，取走的是输出 $y_i$。
#
# **注意力权重为什么要和为 1**？这样输出才是值的加权**平均**，和值处在同一个范围里。
# softmax 自动保证这一点：每个权重都为正，除以总和之后合计为 1。
#
# **查询一定要是某个键吗**？不需要。上面的查询就不在 5 个键之中。查询只需要能和键比较（这里是两个数相减）。
#
# **模型真的像人一样在“看”吗**？不是。“注意力”只是一个比喻，实际发生的只有上面的计算：打分、softmax、加权平均。
#
# ## 练习
#
# 1. 把查询换成远离所有键的 10.0，权重会变成什么样？输出接近哪个值？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> keys = data.x_train[::10]
# >>> values = data.y_train[::10]
# >>> q = torch.tensor([10.0])
# >>> f_q, alpha = at.nadaraya_watson(
# ...     q, keys, values
# ... )
# >>> int(alpha.argmax())
# 4
# >>> round(alpha.max().item(), 4)
# 0.9998
# >>> round(f_q.item(), 4)
# 1.7885
# >>> round(values[4].item(), 4)
# 1.7881
# ```
#
# `argmax` 从 0 数起：4 是第五个键，即“[一个真实的例子](#一个真实的例子)”一节那张表的最后一行（i = 5）。权重几乎全部落在这个键（离 10.0 最近的那个）上，输出几乎等于它的值。即使查询离所有键都很远，softmax 之后权重之和仍然是 1：它比较的是**相对**远近。
#
# </details>
#
# 2. 如果所有键都相等，注意力汇聚的输出是什么？和查询有关吗？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> keys = torch.full((4,), 2.0)
# >>> values = torch.tensor(
# ...     [1.0, 2.0, 3.0, 6.0]
# ... )
# >>> for query in (0.0, 2.0, 7.0):
# ...     q = torch.tensor([query])
# ...     f_q, _ = at.nadaraya_watson(
# ...         q, keys, values
# ...     )
# ...     print(round(f_q.item(), 4))
# 3.0
# 3.0
# 3.0
# ```
#
# 所有分数相同，softmax 给每个键相同的权重 $1/n$，输出就是值的平均数 3.0，与查询无关。这正是后面《[平均汇聚](average.py)》一页的做法。
#
# </details>
#
# 3. 给所有分数加上同一个常数，注意力权重会变吗？
#
# <details><summary>答案</summary>
#
# ```pycon
# >>> import torch
# >>> import torch.nn.functional as F
# >>> scores = torch.tensor(
# ...     [-2.0, -0.5, -1.0]
# ... )
# >>> shifted = scores + 100.0
# >>> old = F.softmax(scores, dim=0)
# >>> new = F.softmax(shifted, dim=0)
# >>> torch.allclose(old, new)
# True
# ```
#
# 不会。$\exp(a_i + c) = e^c \exp(a_i)$，公因子 $e^c$ 在分子分母中约掉。
# 《[从高斯核到点积注意力](dot-product.py)》一页正是利用这一点去掉了只与查询有关的项。
#
# </details>
#
# 4. 举一个你自己生活中的例子，说出其中的查询、键和值。
#
# <details><summary>答案</summary>
#
# 例如在图书馆用索书号找书：查询是你手里的索书号，键是书脊上的标签，值是书本身。标签和索书号越接近，你越会把注意力放在那本书上。答案不唯一，只要查询和键能比较、值是最终取走的内容即可。
#
# </details>
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_pooling">plot_attention_pooling</autoref>、
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>
# - PyTorch：`torch.tensor`、`torch.nn.functional.softmax`、`torch.dot`、`torch.allclose`、`torch.full`、`Tensor.max`、`Tensor.argmax`、`Tensor.mean`、`Tensor.sum`、`Tensor.item`、`Tensor.tolist`、`Tensor.reshape`
# - 张量 API 手册：[softmax 与 dim](handbook/softmax.py)
