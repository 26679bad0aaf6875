# %% [markdown]
# # 本章回顾
#
# 这一页把整章收拢到一处：两种注意力汇聚中张量形状怎样一步步变化，几条关键公式，以及散落在各页“常见疑问”里的答案索引。形状图不是手画的，而是包把两种写法在数据上真正跑一遍、记下每个张量的形状后画出来的。
#
# 回顾的范围是从[注意力提示](cues.py)到[从高斯核到点积注意力](dot-product.py)这几页，即《动手学深度学习》的这一节；随后的[从核回归到 Transformer 注意力](transformer.py)和[注意力的开销随 n 的增长](scale.py)已经走出了本章，这里不再重复。

# %%
import attention_tutorial as at

data = at.make_data(n_train=40)  # n_train != n_test: a mix-up of the two sizes shows at once
x_train, y_train, x_test = data.x_train, data.y_train, data.x_test
n_train, n_test = data.n_train, data.n_test
print("n_train =", n_train, " n_test =", n_test)

# %% [markdown]
# ## 形状的流动
#
# 这里特意用 40 个训练样本、50 个测试输入：两个尺寸不同，哪一步把行和列弄反了，形状立刻就会暴露。

# %%
y_hat, attention_weights = at.nadaraya_watson(x_test, x_train, y_train)
keys, values = at.leave_one_out(x_train, y_train)  # (n_train, n_train - 1) each
y_fit = at.NWKernelRegression(w=1.0)(x_train, keys, values)  # (n_train,)
print(
    "non-parametric:",
    tuple(x_test.shape),
    "->",
    tuple(attention_weights.shape),
    "->",
    tuple(y_hat.shape),
)
print("training:      ", tuple(keys.shape), "-> bmm ->", tuple(y_fit.shape))
assert attention_weights.shape == (n_test, n_train) and y_hat.shape == (n_test,)
assert keys.shape == (n_train, n_train - 1) and y_fit.shape == (n_train,)
at.plot_shape_flow(x_test, x_train, y_train)

# %% [markdown]
# 上半部分是**预测**：查询是测试输入，用 `repeat_interleave` 和 `reshape` 铺成 `(n_test, n_train)`，沿 `dim=1` 做 softmax，再与值相乘得到 `(n_test,)` 个预测。下半部分是**训练**：每个训练点当查询，键和值是“除自己以外”的 `n_train - 1` 个样本，`bmm` 把每一行权重与对应的一行值相乘，得到 `(n_train,)` 个预测。
#
# ## 关键公式
#
# 注意力汇聚是值的加权平均，权重由查询与键的相似度经 softmax 得到：
#
# $$f(x) = \sum_{i=1}^{n} \alpha(x, x_i)\, y_i, \qquad \sum_{i=1}^{n} \alpha(x, x_i) = 1 .$$
#
# 非参数（Nadaraya-Watson，高斯核，带宽 $h$）：
#
# $$\alpha(x, x_i) = \operatorname{softmax}_i\left(-\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2\right).$$
#
# 带参数：把 $1/h$ 换成可学习的 $w$，带宽就是 $1/|w|$：
#
# $$\alpha(x, x_i) = \operatorname{softmax}_i\left(-\frac{1}{2}\big((x - x_i)\, w\big)^2\right).$$
#
# 留一法训练损失（第 $i$ 个点只看其余的点）：
#
# $$L(w) = \sum_{i=1}^{n} \Big(\sum_{j \ne i} \operatorname{softmax}_j\big(-\tfrac{1}{2}((x_i - x_j)w)^2\big)\, y_j - y_i\Big)^2 .$$
#
# 高斯核与点积注意力：$-\frac{1}{2}(q - k)^2 = qk - \frac{1}{2}k^2 - \frac{1}{2}q^2$，其中 $q^2$ 项对所有键相同，被 softmax 消去。
#
# ## 常见疑问索引
#
# | 疑问 | 答案在 |
# |---|---|
# | 卷积、汇聚层为什么不算注意力？键和值为什么要分开？ | [注意力提示](cues.py#常见疑问) |
# | 为什么给 `x_train` 排序？运行出来的数和书上不一样？ | [数据](data.py#常见疑问) |
# | `repeat_interleave` 和 `repeat` 有什么区别？ | [平均汇聚](average.py#常见疑问) |
# | 距离越远，权重越大吗？带宽越小越好吗？这是注意力还是 k 近邻？ | [非参数注意力汇聚](nonparametric.py#常见疑问) |
# | 为什么边缘处的拟合偏得最厉害？ | [边界偏差与局部线性回归](nonparametric.py#边界偏差与局部线性回归) |
# | 为什么去掉对角线？为什么只学一个标量 $w$？损失为什么差了一半？ | [带参数的注意力汇聚](parametric.py#常见疑问) |
# | 为什么一个点不能用自己预测自己？测试时也要留一吗？ | [为什么要留一](leave-one-out.py#常见疑问) |
# | “不平滑”有什么害处？$w$ 是负数怎么办？ | [训练后的曲线为何不平滑](smoothness.py#常见疑问) |
# | 学习率和参数化怎样决定 $w$ 停在哪里？ | [w 在训练中走过的路](smoothness.py#w-在训练中走过的路) |
# | 分母里写 $x_i$ 还是 $x_j$？负号能漏吗？和 Transformer 是一回事吗？ | [从高斯核到点积注意力](dot-product.py#常见疑问) |
# | 画图时报 `Can't call numpy() on Tensor that requires grad`？ | [画图之前先 detach](parametric.py#画图之前先-detach) |
#
# 想把《动手学深度学习》里的每段代码对应到本站，见[与《动手学深度学习》对照](d2l-map.md)。
