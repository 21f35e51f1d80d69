/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Tells one value that is Chinese text read in another encoding and saved
 * again as UTF-8: GBK bytes read as EUC-KR are Hangul and Hanja, as Big5
 * rare ideographs, as Shift_JIS kana, as CP1251, KOI8-R, ISO-8859-5 or
 * CP866 Cyrillic, as CP1253 Greek, as CP1255 Hebrew, as CP874 Thai, as
 * CP1256 Arabic, as CP1250, CP1257, CP437, CP850 or Mac Roman Latin
 * letters and signs; Big5 bytes read as GBK are kana and rare
 * ideographs, as Shift_JIS half-width katakana; UTF-8 bytes read as CP1251, Big5, Shift_JIS, EUC-JP,
 * GB2312, CP874, CP1256, ISO-8859-7, Mac Roman, Mac Cyrillic or the DOS
 * code pages (CP437, CP850, CP852, CP775) likewise. The evidence is the
 * reading undone: the value written back in the encoding that read it
 * gives the bytes, and those bytes, read as GBK (Big5), are common Chinese
 * characters, most of them among the most frequent. A real name or word
 * in another script, and real text of that script, written back so, read
 * as random characters, or fail to be written at all. Pure: no database,
 * no file.
 */
#define G_LOG_DOMAIN "pr-encoding-misread"

#include "config.h"

#include <string.h>

#include <unicode/ucnv.h>
#include <unicode/ustring.h>

#include "pr-encoding-check.h"
#include "pr-encoding-misread.h"

/* The characters looked at: the start of a long value says enough. */
#define MAX_CHARS 1024
/* Ideographs the bytes must make, and of them the share, in tenths, that
 * must be common ones: Chinese text is over 99 % common characters. */
#define MIN_HAN 8
#define COMMON_TENTHS 9
/* UTF-8 read as pairs by a strict decoder (EUC-KR's, which lacks most
 * pairs of UTF-8's bytes) loses a byte at every other character, and a
 * lead byte left whole then takes the next character's continuation
 * bytes: an ideograph of random bytes, seldom common and almost never
 * among the most frequent ones, which the share of frequent ones still
 * asks for. */
#define COMMON_TENTHS_UTF8 7
/* Of those ideographs, the share (in quarters) that must be among the
 * most frequent (frequent_chars): half for Simplified text, which real
 * petitions pass but for their shortest values; a quarter for Traditional
 * (Big5), whose forms the list holds only where they are the same. Random
 * common characters (Korean read back as GBK) are a sixth or less. */
#define FREQUENT_QUARTERS_GBK 2
#define FREQUENT_QUARTERS_BIG5 1
/* Chinese text read right has a quarter of its ideographs or more among
 * the most frequent (Traditional text about a third at its fifth
 * percentile, a quarter at its first); the kanji that EUC-JP or Big5
 * made of UTF-8's bytes a tenth. */
#define PLAIN_FREQUENT_QUARTERS 1
/* Bytes left out, or characters neither Chinese nor ASCII, may be at
 * most one for this many ideographs: a decoder that wrote U+FFFD for a
 * pair it lacks took a byte of the next character too (Shift_JIS reads
 * a GBK character's second byte E0 to EF as a lead), so that a tenth of
 * the characters or more are lost; what is left is still Chinese. */
#define STRAY_RATIO 2
/* A decoder that lacks most pairs (Johab's, of GBK's bytes) loses a
 * third of the bytes; a long value that still gives this many ideographs,
 * common and frequent as asked, may have as many strays as ideographs. */
#define MIN_HAN_LOSSY 24
/* UTF-8 bytes read as pairs (Big5, Shift_JIS, EUC-KR) lose a byte at
 * every pair the reading lacks, which breaks most characters; those
 * left whole are checked by their form (a lead, then two continuation
 * bytes), which random bytes seldom pass, so up to this many runs of
 * broken bytes per ideograph are allowed. */
#define STRAY_PER_HAN_UTF8 2

/* The most frequent characters of modern Chinese, most frequent first
 * (general usage, not petitions'): real text is mostly these. */
static const char frequent_chars[] =
  "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种"
  "事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第"
  "公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合"
  "回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总"
  "何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听"
  "白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带"
  "导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连"
  "调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史"
  "委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半"
  "节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群"
  "项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独"
  "球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳"
  "欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮"
  "挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛"
  "托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾"
  "吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽"
  "巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺"
  "伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁纸诸训私庄祖丝"
  "翻暴森塔默握戏隐熟骨访弱蒙歌店鬼软典欲萨伙遭盘爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣曲刀床迎冰虚玩析窗醒妻透购替塞努休虎"
  "扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震弃甲伟麻川申缓潜闪售灯针哲络抵朱埃抱鼓植纯夏忍页杰筑折郑贝尊吴秀混臣雅振"
  "染盛怒舞圆搞狂措姓残秋培迷诚宽宇猛摆梅毁伸摩盟末乃悲拍丁赵尖";

/* An encoding the bytes were in: two-byte characters read back through
 * a table of pairs, or UTF-8. GB18030 text is GBK but for rare
 * characters, so GBK stands for both. */
typedef struct {
  const char *icu_name;
  const char *shown;
  int         frequent_quarters;
  const char *charset;   /* MariaDB's character set of it */
} Source;

#define SOURCE_UTF8 2

static const Source sources[] = {
  { "GBK", "GBK", FREQUENT_QUARTERS_GBK, "gbk" },
  { "windows-950", "Big5", FREQUENT_QUARTERS_BIG5, "big5" },
  { "UTF-8", "UTF-8", FREQUENT_QUARTERS_GBK, "utf8mb4" },
};

/* An encoding a source's bytes were read as by mistake. */
typedef struct {
  const char *icu_name;
  const char *shown;
  guint       source;   /* index in sources */
  const char *charset;  /* MariaDB's character set of the reading; NULL: none */
  gboolean    iconv;    /* ICU lacks it: written back through iconv */
  const char *strict;   /* iconv's name of @charset, which lacks the code page's extensions */
  gboolean    lossy;    /* its decoder lacks most of the source's pairs: COMMON_TENTHS_UTF8, MIN_HAN_LOSSY */
} Reading;

/* Microsoft's code pages, where one extends the standard, so that text a
 * Windows program read (CP949's extra Hangul, CP874's quotes) is written
 * back whole. */
static const Reading readings[] = {
  { "windows-949", "EUC-KR", 0, "euckr", FALSE, "EUC-KR", TRUE },
  { "windows-950", "Big5", 0 },
  { "Shift_JIS", "Shift_JIS", 0 },
  { "Shift_JIS", "Shift_JIS", 1, NULL, FALSE, NULL, TRUE },
  { "EUC-JP", "EUC-JP", 0 },
  { "windows-1251", "CP1251", 0 },
  { "KOI8-R", "KOI8-R", 0 },
  { "windows-874", "TIS-620 (CP874)", 0 },
  { "windows-1256", "CP1256", 0 },
  { "macintosh", "Mac Roman", 0 },
  { "windows-1253", "CP1253", 0 },
  { "windows-1250", "CP1250", 0 },
  { "windows-1257", "CP1257", 0 },
  { "windows-1255", "CP1255", 0 },
  { "ISO-8859-5", "ISO-8859-5", 0 },
  { "ibm-866", "CP866", 0 },
  { "ibm-437", "CP437", 0 },
  { "ibm-850", "CP850", 0 },
  { "JOHAB", "Johab", 0, NULL, TRUE, NULL, TRUE },
  { "GBK", "GBK", 1 },
  { "windows-1251", "CP1251", SOURCE_UTF8 },
  { "windows-950", "Big5", SOURCE_UTF8, NULL, FALSE, NULL, TRUE },
  { "Shift_JIS", "Shift_JIS", SOURCE_UTF8 },
  { "windows-874", "TIS-620 (CP874)", SOURCE_UTF8 },
  { "windows-1256", "CP1256", SOURCE_UTF8 },
  { "macintosh", "Mac Roman", SOURCE_UTF8 },
  { "windows-949", "EUC-KR", SOURCE_UTF8, "euckr", FALSE, "EUC-KR", TRUE },
  { "JOHAB", "Johab", SOURCE_UTF8, NULL, TRUE, NULL, TRUE },
  { "ibm-437", "CP437", SOURCE_UTF8 },
  { "ibm-850", "CP850", SOURCE_UTF8 },
  { "ibm-852", "CP852", SOURCE_UTF8 },
  { "ibm-775", "CP775", SOURCE_UTF8 },
  { "EUC-JP", "EUC-JP", SOURCE_UTF8, NULL, FALSE, NULL, TRUE },
  { "GB2312", "GB2312", SOURCE_UTF8, NULL, FALSE, NULL, TRUE },
  { "ISO-8859-7", "ISO-8859-7", SOURCE_UTF8 },
  { "x-mac-cyrillic", "Mac Cyrillic", SOURCE_UTF8 },
};

/* UTF-8 read as Latin-1 or CP1252 (MariaDB's latin1), which the other
 * single-byte code pages share most bytes with: it is named when its
 * reading, undone, loses no more bytes than theirs. */
static const Reading latin1_reading = { "windows-1252", "Latin-1", SOURCE_UTF8, "latin1" };

/* A source's two-byte characters, lead 0x81 to 0xFE, trail 0x40 to 0xFE;
 * 0 for none. */
#define TRAILS (0xFE - 0x40 + 1)
#define LEADS (0xFE - 0x81 + 1)

typedef struct {
  gunichar2 pairs[SOURCE_UTF8][LEADS * TRAILS];
  guint8    frequent[(0x9FFF - 0x4E00 + 1) / 8 + 1];
  /* Of each reading through iconv, whether its decoder has a character
   * of its own for each C1 byte alone (reads_byte ()): 1 none, 2 one. */
  guint8    iconv_c1[G_N_ELEMENTS (readings)][0x20];
} Tables;

static Tables tables;

static void
fill_pairs (const char *encoding,
            gunichar2  *pairs)
{
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv = ucnv_open (encoding, &status);

  if (U_FAILURE (status))
    return;
  ucnv_setToUCallBack (cnv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
  for (guint lead = 0x81; lead <= 0xFE; lead++)
    for (guint trail = 0x40; trail <= 0xFE; trail++)
      {
        char bytes[2] = { (char) lead, (char) trail };
        UChar u[4];
        int32_t n;

        status = U_ZERO_ERROR;
        ucnv_resetToUnicode (cnv);
        n = ucnv_toUChars (cnv, u, G_N_ELEMENTS (u), bytes, 2, &status);
        if (U_SUCCESS (status) && n == 1 && u[0] != 0xFFFD && u[0] >= 0x80)
          pairs[(lead - 0x81) * TRAILS + (trail - 0x40)] = u[0];
      }
  ucnv_close (cnv);
}

/* @read[b - 0x80] of each C1 byte b: 2 if @reading's decoder (iconv's)
 * reads it alone as a character of its own, 1 if not. One converter for
 * the 32 bytes, once. */
static void
fill_iconv_c1 (const Reading *reading,
               guint8        *read)
{
  GIConv cd = g_iconv_open ("UTF-8", reading->icu_name);

  memset (read, 1, 0x20);
  if (cd == (GIConv) -1)
    return;
  for (guint8 byte = 0x80; byte <= 0x9F; byte++)
    {
      char in_byte = (char) byte, out[8];
      char *in = &in_byte, *o = out;
      gsize in_left = 1, out_left = sizeof out;

      g_iconv (cd, NULL, NULL, NULL, NULL);
      if (g_iconv (cd, &in, &in_left, &o, &out_left) != (gsize) -1 && in_left == 0 &&
          g_utf8_get_char_validated (out, sizeof out - out_left) != byte)
        read[byte - 0x80] = 2;
    }
  g_iconv_close (cd);
}

static const Tables *
get_tables (void)
{
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      for (guint s = 0; s < SOURCE_UTF8; s++)
        fill_pairs (sources[s].icu_name, tables.pairs[s]);
      for (guint r = 0; r < G_N_ELEMENTS (readings); r++)
        if (readings[r].iconv)
          fill_iconv_c1 (&readings[r], tables.iconv_c1[r]);
      for (const char *p = frequent_chars; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          tables.frequent[(c - 0x4E00) / 8] |= 1 << ((c - 0x4E00) % 8);
        }
      g_once_init_leave (&made, 1);
    }
  return &tables;
}

static gboolean
is_frequent (const Tables *t,
             gunichar      c)
{
  return c >= 0x4E00 && c <= 0x9FFF && ((t->frequent[(c - 0x4E00) / 8] >> ((c - 0x4E00) % 8)) & 1);
}

/* Whether @c is punctuation or a full-width form of Chinese text. */
static gboolean
chinese_sign (gunichar c)
{
  return (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFF5E) || (c >= 0x2010 && c <= 0x2026) ||
         c == 0x00B7 || c == 0x00D7;
}

/* What a character of the bytes' reading is worth to the reading: the
 * path through the bytes that makes the most common ideographs wins. */
static int
worth (gunichar c,
       gboolean common)
{
  if (c >= 0x4E00 && c <= 0x9FFF)
    return common ? 3 : -1;
  return chinese_sign (c) ? 0 : -2;
}

typedef struct {
  guint han, common, frequent, stray;
} Tally;

/* Appends @c, not ASCII, to @out and counts it. */
static void
add_char (const Tables *t,
          gunichar      c,
          GString      *out,
          Tally        *tally)
{
  guint64 han = 0, common = 0;
  char utf8[8];
  int len = g_unichar_to_utf8 (c, utf8);

  g_string_append_len (out, utf8, len);
  if (c >= 0x4E00 && c <= 0x9FFF)
    {
      pr_encoding_count_han (utf8, len, &han, &common);
      tally->han++;
      tally->common += common > 0;
      tally->frequent += is_frequent (t, c);
    }
  else if (!chinese_sign (c))
    tally->stray++;
}

/* Reads @bytes as source @s, finding where characters begin: a byte lost
 * on the way (U+FFFD left out, a decoder that dropped what it could not
 * read) puts the rest one byte off, so the reading that makes the most
 * common ideographs is taken (a shortest path over the bytes). */
static char *
read_source (guint         s,
             const guint8 *bytes,
             gsize         n,
             Tally        *tally)
{
  const Tables *t = get_tables ();
  g_autofree int *best = g_new (int, n + 1);
  g_autofree guint8 *step = g_new (guint8, n + 1);   /* 1: one byte, 2: a pair, 3: a byte left out */
  GString *out = g_string_new (NULL);
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (gsize));

  best[0] = 0;
  for (gsize i = 1; i <= n; i++)
    best[i] = G_MININT / 2;
  for (gsize i = 0; i < n; i++)
    {
      if (best[i] == G_MININT / 2)
        continue;
      if (bytes[i] < 0x80)
        {
          if (best[i] > best[i + 1])
            best[i + 1] = best[i], step[i + 1] = 1;
          continue;
        }
      if (best[i] - 3 > best[i + 1])
        best[i + 1] = best[i] - 3, step[i + 1] = 3;
      if (i + 1 < n && bytes[i] >= 0x81 && bytes[i] <= 0xFE && bytes[i + 1] >= 0x40 && bytes[i + 1] <= 0xFE)
        {
          gunichar c = t->pairs[s][(bytes[i] - 0x81) * TRAILS + (bytes[i + 1] - 0x40)];
          guint64 han = 0, common = 0;
          char utf8[8];

          if (c == 0)
            continue;
          pr_encoding_count_han (utf8, g_unichar_to_utf8 (c, utf8), &han, &common);
          if (best[i] + worth (c, common > 0) > best[i + 2])
            best[i + 2] = best[i] + worth (c, common > 0), step[i + 2] = 2;
        }
    }
  for (gsize i = n; i > 0;)
    {
      g_array_append_val (path, i);
      i -= step[i] == 2 ? 2 : 1;
    }
  memset (tally, 0, sizeof *tally);
  for (guint k = path->len; k > 0; k--)
    {
      gsize end = g_array_index (path, gsize, k - 1);
      gunichar c;

      if (step[end] == 1)
        {
          g_string_append_c (out, (char) bytes[end - 1]);
          continue;
        }
      if (step[end] == 3)
        {
          tally->stray++;
          continue;
        }
      c = t->pairs[s][(bytes[end - 2] - 0x81) * TRAILS + (bytes[end - 1] - 0x40)];
      add_char (t, c, out, tally);
    }
  return g_string_free (out, FALSE);
}

/* Reads @bytes as UTF-8: a byte lost on the way breaks one character,
 * and the next lead byte starts the next, so a run of bytes that make
 * no character counts as one stray. */
static char *
read_utf8 (const guint8 *bytes,
           gsize         n,
           Tally        *tally)
{
  const Tables *t = get_tables ();
  GString *out = g_string_new (NULL);
  gboolean in_stray = FALSE;

  memset (tally, 0, sizeof *tally);
  for (gsize i = 0; i < n;)
    {
      gunichar c = bytes[i] < 0x80 ? bytes[i] : g_utf8_get_char_validated ((const char *) bytes + i, n - i);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          tally->stray += !in_stray;
          in_stray = TRUE;
          i++;
          continue;
        }
      in_stray = FALSE;
      i += g_unichar_to_utf8 (c, NULL);
      if (c < 0x80)
        g_string_append_c (out, (char) c);
      else
        add_char (t, c, out, tally);
    }
  return g_string_free (out, FALSE);
}

/* One character written in @encoding through iconv, for the encodings
 * ICU lacks (Johab): the bytes in @buffer, or -1 if it has none. */
static int32_t
write_char_iconv (GIConv       cd,
                  const UChar *c,
                  int32_t      size,
                  char        *buffer,
                  gsize        buffer_size)
{
  gunichar code = size == 2 ? U16_GET_SUPPLEMENTARY (c[0], c[1]) : c[0];
  char utf8[8];
  char *in = utf8, *out = buffer;
  gsize in_left = g_unichar_to_utf8 (code, utf8), out_left = buffer_size;

  g_iconv (cd, NULL, NULL, NULL, NULL);
  if (g_iconv (cd, &in, &in_left, &out, &out_left) == (gsize) -1 || in_left > 0)
    return -1;
  return (int32_t) (buffer_size - out_left);
}

/* Whether the decoder @cnv (ICU's; iconv's are asked once, in
 * fill_iconv_c1 ()) has a character of its own for @byte (0x80 to 0x9F)
 * alone: CP1256 reads 0x81 as an Arabic letter, so a C1 control in the
 * text is no byte of its reading; EUC-KR's and Johab's leads alone are
 * nothing, which a decoder may pass through as the C1 control. */
static gboolean
reads_byte (UConverter *cnv,
            guint8      byte)
{
  UErrorCode status = U_ZERO_ERROR;
  UChar u[4];
  int32_t n;

  ucnv_setToUCallBack (cnv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
  ucnv_resetToUnicode (cnv);
  n = ucnv_toUChars (cnv, u, G_N_ELEMENTS (u), (const char *) &byte, 1, &status);
  return U_SUCCESS (status) && n == 1 && u[0] != 0xFFFD && u[0] != byte;
}

/* @text written back in @reading's encoding. U+FFFD (a byte its decoder
 * could not read) and a character the encoding lacks (decoders differ in
 * their tables' edges: Python's Big5 has kana in rows C6 and C7, ICU's
 * not) are left out and counted in @lost; a run of U+FFFD once (a
 * decoder writes one for each byte of a pair it lacks), and for UTF-8's
 * bytes as a byte UTF-8 never has. NULL if neither ICU nor iconv
 * (as @reading says) has it. */
static guint8 *
write_back (const Reading *reading,
            const UChar   *text,
            int32_t        n,
            gsize         *out_n,
            guint         *lost)
{
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv = NULL;
  GIConv cd = (GIConv) -1;
  GByteArray *bytes;
  gboolean lost_before = FALSE;
  guint8 c1_read[0x20] = { 0 };  /* of each C1 byte once asked: 1 none, 2 reads_byte () */

  *lost = 0;
  if (reading->iconv)
    {
      cd = g_iconv_open (reading->icu_name, "UTF-8");
      if (cd == (GIConv) -1)
        return NULL;
      memcpy (c1_read, get_tables ()->iconv_c1[reading - readings], sizeof c1_read);
    }
  else
    {
      cnv = ucnv_open (reading->icu_name, &status);
      if (U_FAILURE (status))
        return NULL;
      ucnv_setFromUCallBack (cnv, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
    }
  bytes = g_byte_array_new ();
  for (int32_t i = 0; i < n;)
    {
      int32_t size = U16_IS_LEAD (text[i]) && i + 1 < n ? 2 : 1;
      char buffer[16];
      int32_t written = -1;

      if (text[i] < 0x80)
        {
          guint8 byte = (guint8) text[i];

          g_byte_array_append (bytes, &byte, 1);
          lost_before = FALSE;
          i++;
          continue;
        }
      if (text[i] != 0xFFFD && cnv != NULL)
        {
          status = U_ZERO_ERROR;
          ucnv_resetFromUnicode (cnv);
          written = ucnv_fromUChars (cnv, buffer, sizeof buffer, text + i, size, &status);
          if (U_FAILURE (status))
            written = -1;
        }
      else if (text[i] != 0xFFFD)
        written = write_char_iconv (cd, text + i, size, buffer, sizeof buffer);
      /* A byte the reading has no character for, passed through as the
       * C1 control of its value (glibc's EUC-KR does so). */
      if (written <= 0 && text[i] >= 0x80 && text[i] <= 0x9F)
        {
          guint8 *read = &c1_read[text[i] - 0x80];

          if (*read == 0)
            *read = reads_byte (cnv, (guint8) text[i]) ? 2 : 1;
          if (*read == 1)
            {
              buffer[0] = (char) text[i];
              written = 1;
            }
        }
      if (written > 0)
        g_byte_array_append (bytes, (const guint8 *) buffer, written);
      else if (text[i] == 0xFFFD && reading->source == SOURCE_UTF8)
        /* A byte that is never UTF-8: the lost bytes break a character,
         * as read_utf8 () counts a run of broken bytes, once. */
        g_byte_array_append (bytes, (const guint8 *) "\xFF", 1);
      else
        *lost += text[i] != 0xFFFD || !lost_before;
      lost_before = text[i] == 0xFFFD;
      i += size;
    }
  if (cnv != NULL)
    ucnv_close (cnv);
  else
    g_iconv_close (cd);
  *out_n = bytes->len;
  return g_byte_array_free (bytes, FALSE);
}

/* Whether @bytes are in @reading's strict form, as MariaDB's character
 * set of it reads them. */
static gboolean
in_strict (const Reading *reading,
           const guint8  *bytes,
           gsize          n)
{
  g_autofree char *read = NULL;

  if (reading->strict == NULL)
    return TRUE;
  read = g_convert ((const char *) bytes, n, "UTF-8", reading->strict, NULL, NULL, NULL);
  return read != NULL;
}

/* Whether the bytes @reading undid are Chinese text a reader would write. */
static gboolean
reads_as_chinese (const Reading *reading,
                  const Tally   *tally)
{
  guint s = reading->source;
  gboolean lossy_utf8 = reading->lossy && s == SOURCE_UTF8;

  return tally->han >= MIN_HAN &&
         tally->common * 10 >= tally->han * (lossy_utf8 ? COMMON_TENTHS_UTF8 : COMMON_TENTHS) &&
         tally->frequent * 4 >= tally->han * sources[s].frequent_quarters &&
         (s == SOURCE_UTF8 ? tally->stray <= tally->han * STRAY_PER_HAN_UTF8
                           : tally->stray * STRAY_RATIO <= tally->han ||
                               (reading->lossy && tally->han >= MIN_HAN_LOSSY && tally->stray <= tally->han));
}

/* The most frequent syllables of Korean text (endings, particles):
 * a quarter of a real Korean text's syllables are these, Chinese text
 * read as EUC-KR or Johab a fifth at most. */
static const char korean_frequent[] = "이다는의에을하고가를지기서리사로나도한자니수어대시정있일인아해게것라보제요전만원";

/* Korean words beside a Chinese text's runs: a word of Hangul is a few
 * syllables between spaces or signs, a Chinese text read as EUC-KR runs
 * on between its own punctuation. */
#define KOREAN_WORD_CHARS 4
#define KOREAN_FREQUENT_QUARTERS 1
#define KOREAN_MIN_SYLLABLES 4

/* Whether @text (its first @end bytes) is Korean written so, not another
 * encoding's bytes read as EUC-KR or Johab: its Hangul syllables
 * frequent ones, or its letters beyond ASCII in words of a few, split by
 * ASCII spaces and signs (a digit or a Latin letter splits no word:
 * 朝阳路8号 is one). */
static gboolean
written_as_korean (const char *text,
                   const char *end)
{
  guint syllables = 0, frequent = 0, words = 0, in_words = 0;
  gboolean in_word = FALSE;

  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x80)
        {
          in_word = in_word && g_ascii_isalnum (c);
          continue;
        }
      if (c >= 0xAC00 && c <= 0xD7A3)
        {
          char utf8[8] = { 0 };

          g_unichar_to_utf8 (c, utf8);
          syllables++;
          frequent += strstr (korean_frequent, utf8) != NULL;
        }
      words += !in_word;
      in_word = TRUE;
      in_words++;
    }
  if (syllables < KOREAN_MIN_SYLLABLES)
    return FALSE;
  return frequent * 4 >= syllables * KOREAN_FREQUENT_QUARTERS || (words >= 2 && in_words <= words * KOREAN_WORD_CHARS);
}

/* Makes @reading, whose undoing gave @bytes (@n) and @read, @misread's. */
static void
take_reading (PrEncodingMisread *misread,
              const Reading     *reading,
              char             **read,
              const Tally       *tally,
              const guint8      *bytes,
              gsize              n)
{
  g_free (misread->recovered);
  misread->recovered = g_steal_pointer (read);
  misread->source = sources[reading->source].shown;
  misread->reading = reading->shown;
  /* CONVERT () undoes the reading only where it lost no byte, and
   * MariaDB's euckr lacks CP949's extra Hangul. */
  misread->charset = tally->stray == 0 && in_strict (reading, bytes, n) ? reading->charset : NULL;
  misread->source_charset = sources[reading->source].charset;
}

/* A reading that gave Chinese text back (reads_as_chinese ()). */
typedef struct {
  guint  source;
  Tally  tally;
  char  *read;
} Passed;

static void
clear_passed (gpointer data)
{
  g_free (((Passed *) data)->read);
}

/* A reading is named only when it is clearly the one: two thirds or more
 * of the ideographs it gives back among the most frequent, unless it
 * lost no byte (a wrong reading that still passes gives a half to three
 * fifths, and loses bytes: UTF-8 read as ISO-8859-7 undone as EUC-KR, as
 * Mac Cyrillic undone as GBK read as ISO-8859-5), few bytes lost (a run of broken UTF-8 bytes, or a byte
 * a lossy decoder lost, at most one per ideograph; else one per four
 * ideographs), and no reading of another source, or giving
 * other text, within an eighth of its share. */
#define CLEAR_FREQUENT_THIRDS 2
#define CLEAR_STRAY_QUARTERS 1
#define CLEAR_MARGIN_EIGHTHS 1

static gboolean
clearly_named (const PrEncodingMisread *misread,
               const Reading           *reading,
               const Tally             *tally,
               GArray                  *passed)
{
  const Source *source = &sources[reading->source];

  /* Traditional text (Big5) has half the share of Simplified's; a
   * reading that lost no byte is judged by the other readings alone. */
  if ((tally->stray > 0 &&
       tally->frequent * 3 * FREQUENT_QUARTERS_GBK < tally->han * CLEAR_FREQUENT_THIRDS * source->frequent_quarters) ||
      (reading->source == SOURCE_UTF8 || reading->lossy ? tally->stray > tally->han
                                                         : tally->stray * 4 > tally->han * CLEAR_STRAY_QUARTERS))
    return FALSE;
  for (guint i = 0; i < passed->len; i++)
    {
      const Passed *other = &g_array_index (passed, Passed, i);

      if ((g_strcmp0 (sources[other->source].shown, misread->source) != 0 ||
           g_strcmp0 (other->read, misread->recovered) != 0) &&
          (guint64) other->tally.frequent * tally->han * 8 >=
            (guint64) tally->frequent * other->tally.han * (8 - CLEAR_MARGIN_EIGHTHS))
        return FALSE;
    }
  return TRUE;
}

/**
 * pr_encoding_misread_find:
 * @text: one value, valid UTF-8
 * @length: its length in bytes
 * @misread: (out caller-allocates): when found, the encodings and the
 *   value read right; cleared with pr_encoding_misread_clear ()
 *
 * Only text the encoding check finds not Chinese enough (its ideographs
 * and other scripts' letters mostly rare or foreign) is written back: a
 * real petition is not looked at further.
 *
 * Returns: whether @text is GBK (Big5, UTF-8) text read as another encoding
 */
gboolean
pr_encoding_misread_find (const char        *text,
                          gsize              length,
                          PrEncodingMisread *misread)
{
  g_autofree UChar *wide = NULL;
  guint64 han = 0, common = 0;
  glong n_chars = 0;
  const char *end = text;
  guint best_frequent = 0, best_han = 0, best_stray = 0, unified = 0, frequent = 0, beyond_ascii = 0, latin = 0,
        half_kana = 0;
  const Tables *t = get_tables ();
  const Reading *best = NULL;
  gboolean foreign;
  Tally named = { 0 };
  const Reading *named_reading = NULL;
  g_autoptr(GArray) passed = g_array_new (FALSE, FALSE, sizeof (Passed));

  g_array_set_clear_func (passed, clear_passed);

  memset (misread, 0, sizeof *misread);
  pr_encoding_count_han (text, length, &han, &common);
  for (glong i = 0; i < MAX_CHARS && end < text + length; i++)
    {
      gunichar c = g_utf8_get_char (end);

      unified += c >= 0x4E00 && c <= 0x9FFF;
      frequent += is_frequent (t, c);
      beyond_ascii += c >= 0x80;
      latin += c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7;
      half_kana += c >= 0xFF61 && c <= 0xFF9F;
      end = g_utf8_next_char (end);
    }
  /* Latin letters with accents (GBK read as CP1250, CP437) are not what
   * the encoding check counts as foreign; as many as the ideographs a
   * reading must make are worth writing back, and so are as many
   * half-width katakana (Big5 read as Shift_JIS). Letters only: a run of
   * no-break spaces written back pairs into one ideograph repeated.
   * Common ideographs seldom among the most frequent are kanji that
   * EUC-JP or Big5 made of UTF-8's bytes, which only UTF-8's readings
   * are asked about: Traditional text is such too, and GBK's readings
   * of it pair up. */
  foreign = (han > 0 && (han - common) * 5 > han) || latin >= MIN_HAN || half_kana >= MIN_HAN;
  if (!foreign && (unified < MIN_HAN || frequent * 4 >= unified * PLAIN_FREQUENT_QUARTERS))
    return FALSE;
  if (written_as_korean (text, end))
    return FALSE;
  wide = (UChar *) g_utf8_to_utf16 (text, end - text, NULL, &n_chars, NULL);
  if (wide == NULL)
    return FALSE;
  for (guint r = 0; r < G_N_ELEMENTS (readings); r++)
    {
      g_autofree guint8 *bytes = NULL;
      g_autofree char *read = NULL;
      guint lost = 0;
      gsize n = 0;
      Tally tally;

      /* Big5 read as GBK is mostly ideographs (its most frequent
       * characters become kana, Greek and Cyrillic, the rest ideographs):
       * text of kana, Cyrillic or box drawing alone is not that. Read as
       * Shift_JIS it is mostly half-width katakana (Big5's leads A4 to
       * DF), which no other reading makes. */
      if ((sources[readings[r].source].frequent_quarters == FREQUENT_QUARTERS_BIG5 && unified * 3 < beyond_ascii &&
           half_kana * 2 < beyond_ascii) ||
          (!foreign && readings[r].source != SOURCE_UTF8))
        continue;
      bytes = write_back (&readings[r], wide, (int32_t) n_chars, &n, &lost);
      if (bytes == NULL)
        continue;
      read = readings[r].source == SOURCE_UTF8 ? read_utf8 (bytes, n, &tally)
                                               : read_source (readings[r].source, bytes, n, &tally);
      tally.stray += lost;
      /* The reading whose characters are the most frequent ones wins:
       * one that fits no better (KOI8-R's Cyrillic written back in GBK,
       * read as Big5) makes more characters, not more frequent ones. */
      if (!reads_as_chinese (&readings[r], &tally))
        continue;
      g_array_append_val (passed, ((Passed) { readings[r].source, tally, g_strdup (read) }));
      if (best_han > 0 && (guint64) tally.frequent * best_han <= (guint64) best_frequent * tally.han)
        continue;
      best_frequent = tally.frequent;
      best_han = tally.han;
      best_stray = tally.stray;
      best = &readings[r];
      take_reading (misread, &readings[r], &read, &tally, bytes, n);
      named = tally;
      named_reading = best;
    }
  /* Latin-1's and CP1252's bytes are most code pages' too: when another
   * one made UTF-8 of the bytes, theirs, undone, is named unless it loses
   * more of them. */
  if (best != NULL && best->source == SOURCE_UTF8)
    {
      g_autofree guint8 *bytes = NULL;
      g_autofree char *read = NULL;
      guint lost = 0;
      gsize n = 0;
      Tally tally;

      bytes = write_back (&latin1_reading, wide, (int32_t) n_chars, &n, &lost);
      if (bytes != NULL)
        {
          read = read_utf8 (bytes, n, &tally);
          tally.stray += lost;
          if (reads_as_chinese (&latin1_reading, &tally) && tally.stray <= best_stray)
            {
              take_reading (misread, &latin1_reading, &read, &tally, bytes, n);
              named = tally;
              named_reading = &latin1_reading;
            }
        }
    }
  if (misread->recovered != NULL && !clearly_named (misread, named_reading, &named, passed))
    {
      /* No encoding named, and no text given back as the value's. */
      misread->source = misread->reading = misread->charset = misread->source_charset = NULL;
    }
  return misread->recovered != NULL;
}

void
pr_encoding_misread_clear (PrEncodingMisread *misread)
{
  g_clear_pointer (&misread->recovered, g_free);
}
