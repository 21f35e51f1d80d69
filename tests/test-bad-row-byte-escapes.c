/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A body whose Chinese is written as its bytes, each escaped: percent-
 * encoded (a web form's export), quoted-printable (an e-mail's) or \x
 * escapes; as its characters' code points (U+6211); or in base64, one
 * token or lines of one. Read as they stood, every tenth sample petition
 * so written gave about 930 pairs among the 300 (7 of them true), and
 * 1,208 pairs written as code points against 377 of the plain sample,
 * exit 0: each is a bad row, named with its line and column, the escapes
 * it starts with and the encoding of their bytes, or skipped and counted
 * with --skip-bad-rows; so too octal escapes (\346\210\221), JavaScript's
 * %u6211, \U00006211 and hex dumps (e6 88 91, 0xE6 0x88 0x91), plain hex
 * digits (e68891, a Traditional letter's GBK too; in groups of any even
 * length parted by spaces, colons or dashes, in mixed case, after 0x, of
 * UTF-16 in either byte order), base32 (base32hex's alphabet too, in
 * blocks of eight), UTF-7, Punycode (with "xn--" or without, after a
 * prefix) and base85 (Ascii85, with PDF's <~ ~> and lines, RFC 1924's,
 * Z85). A letter with a %20 of a link, a price =50元, a
 * path C:\xiaoming, a search word escaped in a quoted link, a code point
 * it asks about, an order, tracking or ID number, a hash or a key is read;
 * so are a letter that is only a search link with its words escaped, a
 * letter quoting a program's JSON message with \u escapes, a path with
 * octal-looking folders, numbers written with spaces and hex serials,
 * hashes in hex, a phone number after "+", a Punycode domain it names;
 * so are MAC addresses, UUIDs, fingerprints (AB:CD:…), a TOTP secret,
 * PGP armour, Ascii85 of English or of random bytes, English and pinyin.
 * Oracles: the escapes and code points written here by hand from the
 * bytes of 我是 (UTF-8 E6 88 91 E6 98 AF, GBK CE D2 CA C7, UTF-16BE
 * 62 11 66 2F) and its characters; the base64 by an encoder written here,
 * its first characters as Python's base64 module writes them; base32hex,
 * base85 and Punycode as Python writes them, Z85 as its b85encode ()'s
 * digits in Z85's alphabet.
 */
#define G_LOG_DOMAIN "pr-test-bad-row-byte-escapes"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static const char *const bodies[] = {
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉无果。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核。镇政府拖延办理，群众不满。",
  "我是退休职工，医保报销比例调整，门诊慢性病药品目录缩小，负担加重，请求说明。",
  "拖欠农民工工资，建筑公司老板失联，请求追讨。劳动监察部门尽快处理。",
};

/* As urllib.parse.quote () writes: every byte but ASCII letters, digits
 * and -._~/ as %XX, upper case. */
static char *
percent (const char *bytes)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) bytes; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || strchr ("-._~/", *p) != NULL)
      g_string_append_c (s, (char) *p);
    else
      g_string_append_printf (s, "%%%02X", *p);
  return g_string_free (s, FALSE);
}

static char *
percent_utf8 (const char *text)
{
  return percent (text);
}

static char *
percent_gbk (const char *text)
{
  g_autofree char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, NULL, NULL);

  g_assert_nonnull (gbk);
  return percent (gbk);
}

/* As quopri.encodestring () writes: bytes past ASCII and "=" as =XX, and a
 * soft line break (=, then a line break) before a line would pass 76
 * characters, also inside a character's bytes. */
static char *
quoted_printable (const char *text)
{
  GString *s = g_string_new (NULL);
  gsize line = 0;

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      gsize n = (*p >= 0x80 || *p == '=') ? 3 : 1;

      if (line + n > 75)
        {
          g_string_append (s, "=\n");
          line = 0;
        }
      if (n == 3)
        g_string_append_printf (s, "=%02X", *p);
      else
        g_string_append_c (s, (char) *p);
      line += n;
    }
  return g_string_free (s, FALSE);
}

/* As Python prints bytes: each as \xXX, lower case. */
static char *
backslash_x (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    g_string_append_printf (s, "\\x%02x", *p);
  return g_string_free (s, FALSE);
}

/* As a program prints characters: U+XXXX, upper case, a space between. */
static char *
code_points (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_printf (s, "%sU+%04X", p == text ? "" : " ", g_utf8_get_char (p));
  return g_string_free (s, FALSE);
}

/* As C and Python print bytes: each as \ooo, octal. */
static char *
octal (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    g_string_append_printf (s, "\\%03o", *p);
  return g_string_free (s, FALSE);
}

/* As JavaScript's escape () writes: ASCII kept, others %uXXXX. */
static char *
js_escape (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if ((guchar) *p < 0x80)
      g_string_append_c (s, *p);
    else
      g_string_append_printf (s, "%%u%04X", g_utf8_get_char (p));
  return g_string_free (s, FALSE);
}

/* As Python's unicode_escape writes characters past the BMP's escapes: \UXXXXXXXX. */
static char *
long_code_points (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_printf (s, "\\U%08x", g_utf8_get_char (p));
  return g_string_free (s, FALSE);
}

/* A hex dump: each byte as two hex digits, after @prefix, a space between. */
static char *
hex_dump (const char *text,
          const char *format)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      if (p != (const guchar *) text)
        g_string_append_c (s, ' ');
      g_string_append_printf (s, format, *p);
    }
  return g_string_free (s, FALSE);
}

static char *
hex_dump_plain (const char *text)
{
  return hex_dump (text, "%02x");
}

static char *
hex_dump_0x (const char *text)
{
  return hex_dump (text, "0x%02X");
}

/* Base64 of @n @bytes in @alphabet's last two characters, padded with "="
 * if @pad, a line break after each @width characters (none if 0). */
static void
append_base64 (GString      *s,
               const guchar *bytes,
               gsize         n,
               const char   *last_two,
               gboolean      pad,
               guint         width)
{
  g_autofree char *alphabet = g_strconcat ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", last_two,
                                           NULL);
  guint written = 0;

  for (gsize i = 0; i < n; i += 3)
    {
      guint32 group = (guint32) bytes[i] << 16 | (i + 1 < n ? (guint32) bytes[i + 1] << 8 : 0) |
                      (i + 2 < n ? bytes[i + 2] : 0);
      gsize chars = MIN (n - i, 3) + 1;

      for (gsize c = 0; c < 4; c++)
        {
          if (c >= chars && !pad)
            break;
          if (width > 0 && written > 0 && written % width == 0)
            g_string_append_c (s, '\n');
          g_string_append_c (s, c < chars ? alphabet[(group >> (18 - 6 * c)) & 0x3F] : '=');
          written++;
        }
    }
}

static char *
base64_of (const char *bytes,
           const char *last_two,
           gboolean    pad,
           guint       width)
{
  GString *s = g_string_new (NULL);

  append_base64 (s, (const guchar *) bytes, strlen (bytes), last_two, pad, width);
  return g_string_free (s, FALSE);
}

static char *
base64_utf8 (const char *text)
{
  return base64_of (text, "+/", TRUE, 0);
}

static char *
base64_gbk (const char *text)
{
  g_autofree char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, NULL, NULL);

  g_assert_nonnull (gbk);
  return base64_of (gbk, "+/", TRUE, 0);
}

/* As MIME writes a body: lines of 76. */
static char *
base64_mime (const char *text)
{
  return base64_of (text, "+/", TRUE, 76);
}

/* As a URL or a file name takes it: -_ for +/, no padding. */
static char *
base64_url (const char *text)
{
  return base64_of (text, "-_", FALSE, 0);
}

/* Each phrase (to its comma) encoded by itself, on a line of its own. */
static char *
base64_phrases (const char *text)
{
  g_auto(GStrv) phrases = g_strsplit (text, "，", -1);
  GString *s = g_string_new (NULL);

  for (guint i = 0; phrases[i] != NULL; i++)
    {
      g_autofree char *phrase = g_strconcat (phrases[i], phrases[i + 1] != NULL ? "，" : "", NULL);

      if (i > 0)
        g_string_append (s, "\r\n");
      append_base64 (s, (const guchar *) phrase, strlen (phrase), "+/", TRUE, 0);
    }
  return g_string_free (s, FALSE);
}

/* Plain hex digits of whole bytes, as HEX () or xxd -p writes them: UTF-8
 * in lower case, GBK in upper. */
static char *
hex_of (const char *bytes,
        gboolean    upper)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) bytes; *p != '\0'; p++)
    g_string_append_printf (s, upper ? "%02X" : "%02x", *p);
  return g_string_free (s, FALSE);
}

static char *
hex_utf8 (const char *text)
{
  return hex_of (text, FALSE);
}

static char *
hex_gbk (const char *text)
{
  g_autofree char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, NULL, NULL);

  g_assert_nonnull (gbk);
  return hex_of (gbk, TRUE);
}

/* @bytes as hex digits in groups of @group (a byte's two at least),
 * parted by @separator, after @prefix; in upper case if @upper. */
static char *
hex_groups (const char *bytes,
            gsize       length,
            guint       group,
            char        separator,
            const char *prefix,
            gboolean    upper)
{
  GString *s = g_string_new (prefix);

  for (gsize i = 0; i < length; i++)
    {
      if (i > 0 && i % (group / 2) == 0)
        g_string_append_c (s, separator);
      g_string_append_printf (s, upper ? "%02X" : "%02x", (guchar) bytes[i]);
    }
  return g_string_free (s, FALSE);
}

static char *
gbk_of (const char *text)
{
  char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, NULL, NULL);

  g_assert_nonnull (gbk);
  return gbk;
}

static char *
hex_utf8_fours (const char *text)
{
  return hex_groups (text, strlen (text), 4, ' ', "", FALSE);
}

static char *
hex_gbk_fours_upper (const char *text)
{
  g_autofree char *gbk = gbk_of (text);

  return hex_groups (gbk, strlen (gbk), 4, ' ', "", TRUE);
}

static char *
hex_utf8_colons (const char *text)
{
  return hex_groups (text, strlen (text), 2, ':', "", FALSE);
}

static char *
hex_gbk_dashes (const char *text)
{
  g_autofree char *gbk = gbk_of (text);

  return hex_groups (gbk, strlen (gbk), 2, '-', "", TRUE);
}

/* One digit in three upper case, the others lower. */
static char *
hex_utf8_mixed_case (const char *text)
{
  char *hex = hex_of (text, FALSE);

  for (gsize i = 0; hex[i] != '\0'; i += 3)
    hex[i] = g_ascii_toupper (hex[i]);
  return hex;
}

static char *
hex_utf8_0x (const char *text)
{
  return hex_groups (text, strlen (text), 2 * strlen (text), ' ', "0x", TRUE);
}

static char *
hex_utf16 (const char *text,
           const char *order)
{
  gsize length = 0;
  g_autofree char *utf16 = g_convert (text, -1, order, "UTF-8", NULL, &length, NULL);

  g_assert_nonnull (utf16);
  return hex_groups (utf16, length, 2 * length, ' ', "", FALSE);
}

static char *
hex_utf16be (const char *text)
{
  return hex_utf16 (text, "UTF-16BE");
}

static char *
hex_utf16le (const char *text)
{
  return hex_utf16 (text, "UTF-16LE");
}

/* The third body in base32 (UTF-8 and GBK), UTF-7 and Punycode, as
 * Python's base64.b32encode () and its utf-7 and punycode codecs write
 * it. */
static const char third_base32_utf8[] =
  "42EJDZUYV7UYBAHEXSI6RAMM4W32L354RTSYZO7EX6O6NCVF5GKIBZVPSTSL5C7IWCB6NFNU566IZ2MXVDUK7CXGQWRONAFH46LYL2ENV7SZHAPHTO"
  "XOLPMV466KTZNQR7X3ZDHIWSP6NC4F4WFKB2MHRXX3ZDHIV636NMMC5CX3JZUYR3RYBAQ=";
static const char third_base32_gbk[] =
  "Z3JMVR6NZPIN3VVQXGSKHLGSXWY2HMNIZ75LDSGA7W27PVP3UOWMHROV57BP3UGUWKQ5FKOGW7CL7QV4ZP25BINDVS4LVNNDXTJ5NWFDVTD6XR7TZO2"
  "4H55BUM======";
static const char third_utf7[] =
  "+YhFmL5AATxGATF3l/wxTO0/dYqWVAGvUT4uMA2V0/wyV6IvKYWJgJ3XFg29UwXbuX1V/KVwP/wyNH2LFUqCRzf8Mi/dsQov0Zg4wAg-";
static const char third_punycode[] =
  "xn--r6jx84gqkark01jr0ac2fp2vz1djre7xc8wf3wclzc5nm86a9qctqe27fe5b3u4gzlfw88cfyf41v4h5c06amc2r870ag5xfgnyvzr7g0x01hi"
  "ale";

static const char third_base32hex[] =
  "SQ493PKOLVKO1074NI8UH0CCSMRQBRTSHJIOPEV4NUEUD2L5T6A81PLFIJIBT2V8M21UD5DKTUU8PQCNL3KAV2N6GMHED057SUBOBQ4DLVIP70F"
  "7JENEBFCLSUUAJPDGHVNRP378MIFUD2S5SM5A1QC7HNNRP378LURUDCC2T2NR9PKOHRHO10G=";
static const char third_base32_blocks[] =
  "42EJDZUY V7UYBAHE XSI6RAMM 4W32L354 RTSYZO7E X6O6NCVF 5GKIBZVP STSL5C7I WCB6NFNU 566IZ2MX VDUK7CXG QWRONAFH 46L"
  "YL2EN V7SZHAPH TOXOLPMV 466KTZNQ R7X3ZDHI WSP6NC4F 4WFKB2MH RXX3ZDHI V636NMMC 5CX3JZUY R3RYBAQ=";
static const char third_punycode_bare[] =
  "r6jx84gqkark01jr0ac2fp2vz1djre7xc8wf3wclzc5nm86a9qctqe27fe5b3u4gzlfw88cfyf41v4h5c06amc2r870ag5xfgnyvzr7g0x01hia"
  "le";
static const char third_punycode_after_prefix[] =
  "内容:xn--r6jx84gqkark01jr0ac2fp2vz1djre7xc8wf3wclzc5nm86a9qctqe27fe5b3u4gzlfw88cfyf41v4h5c06amc2r870ag5xfgnyv"
  "zr7g0x01hiale";
static const char third_ascii85[] =
  "k(o/^R'5b)JE4A*k^e]S\\#&Q+N9-#1jM.8JMP]R%JEF&\"jM$Q9Y_2)'[-tYdl'J@4YDVIrU?7!(kEgndNN_H-J`iN*jh6rB]W(\"sO70`?kd6"
  "uEMhU8MT]q5kn%=VCYIEZ!K'9DFk*V1hJ:[";
static const char third_ascii85_pdf[] =
  "<~k(o/^R'5b)JE4A*k^e]S\\#&Q+N9-#1jM.8JMP]\n"
  "R%JEF&\"jM$Q9Y_2)'[-tYdl'J@4YDVIrU?7!(kEg\n"
  "ndNN_H-J`iN*jh6rB]W(\"sO70`?kd6uEMhU8MT]q\n"
  "5kn%=VCYIEZ!K'9DFk*V1hJ:[~>";
static const char third_base85[] =
  "=7^Ezn6K%8faJW9=z)yox25mAjOC2G<iDNfilyn4fab51<i3mOu!H86wC}u(>6fVJuZre{qUM07=a+@(jj!dCf#;j9<-L{Xys71|kMF#U=(L~ai"
  "-qNipy`K=@4SrYueav0g6OZb=9rG-fPw";
static const char third_z85[] =
  ">7]eZN6k+8FAjw9>Z!YOX25MaJoc2g<IdnFILYN4FAB51<I3MoU.h86Wc$U^(6FvjUzRE@Qum07>A*[^JJ.DcF-&J9<?l@xYS71%Kmf-u>^l#AI"
  "?QnIPY}k>[4sRyUEAV0G6ozB>9Rg?FpW";

static char *
written_as (const char *text,
            const char *form)
{
  g_assert_cmpstr (text, ==, bodies[2]);
  return g_strdup (form);
}

static char *
base32_utf8 (const char *text)
{
  return written_as (text, third_base32_utf8);
}

static char *
base32_gbk (const char *text)
{
  return written_as (text, third_base32_gbk);
}

static char *
utf7 (const char *text)
{
  return written_as (text, third_utf7);
}

static char *
punycode (const char *text)
{
  return written_as (text, third_punycode);
}

#define WRITTEN_AS(name) \
  static char *name (const char *text) { return written_as (text, third_##name); }
WRITTEN_AS (base32hex)
WRITTEN_AS (base32_blocks)
WRITTEN_AS (punycode_bare)
WRITTEN_AS (punycode_after_prefix)
WRITTEN_AS (ascii85)
WRITTEN_AS (ascii85_pdf)
WRITTEN_AS (base85)
WRITTEN_AS (z85)

/* The bodies, the third (line 4) passed through @wrap, quoted as CSV
 * quotes. */
static char *
records (char *(*wrap) (const char *))
{
  GString *csv = g_string_new ("id,body\n");

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *body = i == 2 ? wrap (bodies[i]) : g_strdup (bodies[i]);
      g_auto(GStrv) parts = g_strsplit (body, "\"", -1);
      g_autofree char *quoted = g_strjoinv ("\"\"", parts);

      g_string_append_printf (csv, "%u,\"%s\"\n", i + 1, quoted);
    }
  return g_string_free (csv, FALSE);
}

static void
test_refused (void)
{
  static const struct
  {
    char *(*wrap) (const char *);
    const char *form;
    const char *shown;
    const char *encoding;
  } cases[] = {
    { percent_utf8, "percent-encoded bytes", "“%E6%88%91%E6%98%AF…”", "its bytes being UTF-8" },
    { percent_gbk, "percent-encoded bytes", "“%CE%D2%CA%C7%CD%CB…”", "its bytes being GBK" },
    { quoted_printable, "quoted-printable bytes", "“=E6=88=91=E6=98=AF…”", "its bytes being UTF-8" },
    { backslash_x, "escaped bytes", "“\\xe6\\x88\\x91\\xe6\\x98\\xaf…”", "its bytes being UTF-8" },
    { code_points, "as Unicode code points", "“U+6211 U+662F U+9000 U+4F11…”", "one character, in Unicode" },
    { octal, "escaped bytes", "“\\346\\210\\221\\346\\230\\257…”", "its bytes being UTF-8" },
    { js_escape, "as Unicode code points", "“%u6211%u662F%u9000%u4F11…”", "one character, in Unicode" },
    { long_code_points, "as Unicode code points", "“\\U00006211\\U0000662f\\U00009000\\U00004f11…”",
      "one character, in Unicode" },
    { hex_dump_plain, "escaped bytes", "“e6 88 91 e6 98 af…”", "its bytes being UTF-8" },
    { hex_dump_0x, "escaped bytes", "“0xE6 0x88 0x91 0xE6 0x98 0xAF…”", "its bytes being UTF-8" },
    { base64_utf8, "its text in base64", "“5oiR5piv6YCA5LyR…”", "its bytes being UTF-8" },
    { base64_gbk, "its text in base64", "“ztLKx83L0N3WsLmk…”", "its bytes being GBK" },
    { base64_mime, "its text in base64", "“5oiR5piv6YCA5LyR…”", "its bytes being UTF-8" },
    { base64_url, "its text in base64", "“5oiR5piv6YCA5LyR…”", "its bytes being UTF-8" },
    { base64_phrases, "its text in base64", "“5oiR5piv6YCA5LyR…”", "its bytes being UTF-8" },
    { hex_utf8, "its text as hex digits", "“e68891e698afe980…”", "its bytes being UTF-8" },
    { hex_gbk, "its text as hex digits", "“CED2CAC7CDCBD0DD…”", "its bytes being GBK" },
    { base32_utf8, "its text in base32", "“42EJDZUYV7UYBAHE…”", "its bytes being UTF-8" },
    { base32_gbk, "its text in base32", "“Z3JMVR6NZPIN3VVQ…”", "its bytes being GBK" },
    { utf7, "its text in UTF-7", "“+YhFmL5AATxGATF3…”", "from UTF-7" },
    { punycode, "its text in Punycode", "“xn--r6jx84gqkark…”", "from Punycode" },
    { hex_utf8_fours, "its text as hex digits", "“e688 91e6 98af e…”", "its bytes being UTF-8" },
    { hex_gbk_fours_upper, "its text as hex digits", "“CED2 CAC7 CDCB D…”", "its bytes being GBK" },
    { hex_utf8_mixed_case, "its text as hex digits", "“E68891E698afE980…”", "its bytes being UTF-8" },
    { hex_utf8_colons, "its text as hex digits", "“e6:88:91:e6:98:a…”", "its bytes being UTF-8" },
    { hex_gbk_dashes, "its text as hex digits", "“CE-D2-CA-C7-CD-C…”", "its bytes being GBK" },
    { hex_utf8_0x, "its text as hex digits", "“0xE68891E698AFE9…”", "its bytes being UTF-8" },
    { hex_utf16be, "its text as hex digits", "“6211662f90004f11…”", "its bytes being UTF-16BE" },
    { hex_utf16le, "its text as hex digits", "“11622f660090114f…”", "its bytes being UTF-16LE" },
    { base32hex, "its text in base32", "“SQ493PKOLVKO1074…”", "(base32hex, its bytes being UTF-8)" },
    { base32_blocks, "its text in base32", "“42EJDZUY V7UYBAH…”", "(base32, its bytes being UTF-8)" },
    { punycode_bare, "its text in Punycode", "“r6jx84gqkark01jr…”", "from Punycode" },
    { punycode_after_prefix, "its text in Punycode", "“xn--r6jx84gqkark…”", "from Punycode" },
    { ascii85, "its text in base85", "“k(o/^R'5b)JE4A*k…”", "(Ascii85, its bytes being UTF-8)" },
    { ascii85_pdf, "its text in base85", "“<~k(o/^R'5b)JE4A…”", "(Ascii85, its bytes being UTF-8)" },
    { base85, "its text in base85", "“=7^Ezn6K%8faJW9=…”", "(base85, RFC 1924, its bytes being UTF-8)" },
    { z85, "its text in base85", "“>7]eZN6k+8FAjw9>…”", "(Z85, its bytes being UTF-8)" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *csv = records (cases[c].wrap);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);
      g_autoptr(PrRecordSet) skipped = NULL;

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 4 (id “3”)"));
      g_assert_nonnull (strstr (error->message, "“body”"));
      g_assert_nonnull (strstr (error->message, cases[c].form));
      g_assert_nonnull (strstr (error->message, cases[c].shown));
      g_assert_nonnull (strstr (error->message, cases[c].encoding));
      g_assert_nonnull (strstr (error->message, "decode the export first"));
      g_assert_nonnull (strstr (error->message, "--skip-bad-rows"));
      g_clear_error (&error);

      skipped = pr_test_load_id_body_csv_full (csv, NULL, PR_COLUMN_ROLE_IGNORE, TRUE, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (skipped->n_records, ==, 3);
      g_assert_cmpuint (skipped->n_bad_rows, ==, 1);
    }
}

/* @csv, of @n records, is read whole. */
static void
assert_read (const char *csv,
             guint       n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, n);
}

/* What a petitioner writes: a link with %20, a price after "=", a folder
 * whose name starts with x, a link whose search words are escaped inside
 * a letter of plain Chinese, one escaped character, ASCII escaped, and
 * three escaped characters (fewer than four); code points a letter asks
 * about, one, three, or four among more plain characters. */
static void
test_typed_read (void)
{
  static const char csv[] =
    "id,body\n"
    "1,见附件 http://example.com/my%20file%20v2.pdf 小区噪音扰民问题一直没有解决。\n"
    "2,物业费每平方米=50元，=E5=8F=B7楼另收=30元，远超标准，请求核查收费依据。\n"
    "3,材料存放在C:\\xiaoming\\xuexi\\xa目录下，请查收附件。\n"
    "4,我在网上搜索 https://www.baidu.com/s?wd=%E5%8C%97%E4%BA%AC%E5%B8%82%E6%94%BF%E5%BA%9C 看到相关报道，"
    "小区门口的垃圾站臭气熏天多年无人处理，请求政府尽快解决这个问题。\n"
    "5,回复编号\\x41\\x42\\x43，工单=3D已受理，请尽快处理拖欠工资的问题。\n"
    "6,搜索%E5%B0%8F%E5%8C%BA%E5%99%AA三个字没有结果\n"
    "7,字库缺字 U+2A6D6，请补充。\n"
    "8,U+4E00 U+4E01 U+4E02 三个字显示不出来\n"
    "9,\"U+7C7B, U+578B, U+4E0D, U+8DB3 这几个字（类型不足）在系统里显示为方框，请技术部门处理。\"\n"
    "10,https://www.baidu.com/s?wd=%E8%A5%BF%E5%B2%9A%E5%B8%82%E4%BF%A1%E8%AE%BF%E5%B1%80\n"
    "11,\"系统返回 {\"\"code\"\":500,\"\"msg\"\":\"\"\\u7cfb\\u7edf\\u9519\\u8bef\"\"}，我看不懂。\"\n"
    "12,材料在 D:\\2024\\001\\123号\\345.doc 里，请查收。\n"
    "13,电话 138 0013 8000，2024 01 15 12 30 交款 12 34 56 78 90 12 34 56 元\n"
    "14,设备序列号 0xE4B8AD 0xE69687，错误码 0x80004005，出厂日期不明。\n"
    "15,\"99 98 97 96 95 94 93 92 91 90, 88 87\"\n";

  assert_read (csv, 15);
}

/* Long ASCII tokens that are not base64 text, in a letter or alone: order,
 * tracking and ID numbers and a SHA-1 in hex (one case), a link's token,
 * a SHA-1 in base64 and a WeChat openid (both cases, random bytes), a
 * long word, random bytes that read as GB18030 with seven ideographs
 * (鵠I钦cZ#啳凿b`;泛~衟), three characters in base64 (小区噪), and a file
 * name in base64 inside a letter of more plain Chinese. */
static void
test_base64_near_misses (void)
{
  static const char csv[] =
    "id,body\n"
    "1,订单号SF1234567890123，快递三天未到，请求处理。\n"
    "2,YT7512345678901234\n"
    "3,11010519491231002X\n"
    "4,2023112800012345ABCDEFGH\n"
    "5,da39a3ee5e6b4b0d3255bfef95601890afd80709\n"
    "6,文件校验值 2FD4E1C67A2D28FCED849EE1BB76E7391B93EB12 请核对\n"
    "7,见 https://example.com/files/report?token=dGhpcyBpcyBhIHRva2Vu&id=42 小区噪音扰民问题一直没有解决\n"
    "8,L9ThxnotKPzthJ7hu3bnORuT6xI=\n"
    "9,oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\n"
    "10,Pharmacoepidemiological\n"
    "11,+V1Jx9VjWiOGrdTkYmA7t7p+0HA=\n"
    "12,5bCP5Yy65Zmq\n"
    "13,附件 5bCP5Yy65Zmq6Z+z5omw5rCR.txt 是小区噪音扰民的录音，请相关部门尽快处理。\n";

  assert_read (csv, 13);
}

/* Hex and base32 tokens that are no text, alone or in a letter: an MD5
 * in lower case, a SHA-1 in upper, a SHA-256, a long number, an upper-
 * case serial in base32's letters, English letters in base32; a phone
 * number and C++ after a "+", a base64 key with "+" inside, a word run
 * into a "+"; a letter that names a Punycode domain; padding alone, which
 * decodes to no byte. Each must be read. */
static void
test_token_near_misses (void)
{
  static const char csv[] =
    "id,body\n"
    "1,9dd4e461268c8034f5c8564e155c67a6\n"
    "2,文件校验值 11F6AD8EC52A2984ABAAFD7C3B516503785C2072 请核对\n"
    "3,2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881\n"
    "4,202311280001234567890123\n"
    "5,ABCDEFGHJKLMNPQRSTUVWXYZ\n"
    "6,MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPI\n"
    "7,+8613812348000\n"
    "8,联系电话+8613812348000，C++培训机构拖欠退款，请求处理。\n"
    "9,密钥 q3Nf+Zk8TyWmR2p+Hx0vLbE7sQ== 请查收\n"
    "10,amount+tax+fee+total+sum\n"
    "11,xn--fiqs8s 这个网址打不开，我们公司的网站无法访问，请求通信管理部门处理。\n"
    "12,================\n";

  assert_read (csv, 12);
}

/* Tokens of the notations' alphabets that are no text: MAC addresses,
 * an IPv6 address, a UUID and a GUID, a SHA-256 fingerprint in colons, a
 * PGP fingerprint in fours, a TOTP secret whole and in blocks, a ULID,
 * PGP armour, Ascii85 in a PDF (English text, random bytes), base85 of
 * random bytes, hex of English with two ideographs, a serial in dashes
 * in a letter; English in words of four letters, English and pinyin; a
 * long order number; words that Punycode reads into runs of neighbouring
 * ideographs (哪哪哮哲 for pwrakq); dumps of random bytes that read as
 * GB18030 with four ideographs, but control characters and rare
 * ideographs among them; random hex of mixed case that reads as GBK,
 * nine common ideographs Simplified and Traditional mixed (濟颶翩昧蛹续颖
 * 瓶原). Each must be read. */
static void
test_ascii_form_near_misses (void)
{
  static const char csv[] =
    "id,body\n"
    "1,00:1A:2B:3C:4D:5E 00-1A-2B-3C-4D-5F 001a.2b3c.4d60\n"
    "2,2001:0db8:85a3:0000:0000:8a2e:0370:7334\n"
    "3,550e8400-e29b-41d4-a716-446655440000\n"
    "4,{6F9619FF-8B86-D011-B42D-00C04FC964FF}\n"
    "5,SHA256 Fingerprint=9F:41:BD:5B:CB:B0:F1:D7:BD:A6:EC:87:07:D7:77:C6:F1:3F:A6:0D:E6:28:1C:5F:78:DE:3F:61:8B:"
    "1A:92:3F\n"
    "6,03BB DF01 B032 ADB5 BF5B C13E 096E 2DCC 9858 F321\n"
    "7,JBSWY3DPEHPK3PXP\n"
    "8,jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp\n"
    "9,01ARZ3NDEKTSV4RRFFQ69G5FAV\n"
    "10,\"-----BEGIN PGP MESSAGE-----\n\n"
    "oeXJaRsrb18mD9hrSyR07P+e2iv5hXT1fLC6UXpGSnhn5iUcYNL9iPUtoO9/3lYuFn1Fg8iM3oBcEMnLxluxlqkIwk5dj7SrR9V8Q8X7sL\n"
    "dL9PJXpi2U2gJ5jMZAU6tGdknRgKWszFtZRqRYvPDUaFns1yze3bBz+V30VYQkh/oqMtZc79p6SLEUuKu6aiudx++UhKrv\n"
    "=Ab3x\n"
    "-----END PGP MESSAGE-----\"\n"
    "11,\"<~9jqo^BlbD-BleB1DJ+*+F(f,q/0JhKF<GL>Cj@.4Gp$d7F!,L7@<6@)/0JDEF<G%<+EV:2F!,O<DJ+*.@<*K0@<6L(Df-\\0Ec5e;"
    "DffZ(EZee.Bl.9pF\"\"AGXBPCsi+DGm>@3BB/F*&OCAfu2/AKYi(DIb:@FD,*)+C]U=@3BB/F*&OCAfu2/AKYi(DIb:@FD,*)+C]U=@3BB~>\"\n"
    "12,\"<~CJCF\\`ndCY\\Gc^g.$ehEVCjjFY:cNX$N,/F3@YL!+rjJS/pf=3$#4Ze@B#b0QS^h6k?e3lBCeXJ~>\"\n"
    "13,Xx$yK)Qn&D35=ah7)y(TR`Zlg^;*#(YiQ7rq={a4Bq*3+kb3np_ad7YS<>XG0AU+bkm{X^BvYZ_\n"
    "14,48656c6c6f2c20776f726c642120e4bda0e5a5bd\n"
    "15,设备序列号 A1B2-C3D4-E5F6-0789-ABCD-EF01，安装后一直无法使用，请求质监部门处理。\n"
    "16,THIS CODE WILL FAIL SOON WHEN USER DATA GETS LOST\n"
    "17,\"apple banana cherry delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa\"\n"
    "18,\"wo shi cun li de cun min , xiang fan ying wo men cun de tu di zheng shou bu chang kuan wen ti\"\n"
    "19,2023112800012345678901234567890123456789\n"
    "20,uyupyfxa pwrakq knyfczt fsqvhjugqwrmpzgss zmygejboc\n"
    "21,d2 eb 01 7c a0 92 dc 66 0c c1 45 3f\n"
    "22,52 7B C6 DD 24 6B FD B2 7A B3 99 34 77 94 D5 E6 D2 A7 8E\n"
    "23,86 A0 75 32 31 C8 87 36 09 D0 80 ED A5 F2 71\n"
    "24,BCCc6FF2DfEFEce5b524F2F4d8C629BEC73dDBBE\n"
    "25,9dFAEF5Af4E6C3C1D3BcD0f8d3b1C6bfd4AD\n";

  assert_read (csv, 25);
}

/* A Traditional letter in GBK, as hex digits: its characters are outside
 * GB2312, but common ones; refused as the Simplified one is. */
static void
test_traditional_gbk_hex (void)
{
  g_autofree char *gbk = g_convert ("我原來在北澤康泰包裝材料有限公司工作，現在失業在家，按規定可以領取失業保險金。", -1,
                                    "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *hex = hex_of (gbk, FALSE);
  g_autofree char *csv = g_strdup_printf ("id,body\n1,%s\n", hex);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "its text as hex digits"));
  g_assert_nonnull (strstr (error->message, "its bytes being GBK"));
}

/* Punycode of "2", a line break and the third body (Python's codec): the
 * message shows the value's start to the line's end, on one line, as the
 * list of bad rows takes it. */
static void
test_punycode_line_break (void)
{
  static const char csv[] =
    "id,body\n"
    "1,\"xn--2\n-s13ar69kpralpv3nm9am2gk4yuxek4e75c89f34c15czpw21b2zcpsao26godc896gy2fbx1d1fg0vxdp7cf9asc9rw72akwyr6n"
    "ri1a0hh2w76hiale\"\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Punycode (“xn--2…”"));
  g_assert_null (strchr (error->message, '\n'));
}

/* Punycode (Python's codec) of a letter with a line break, digits and
 * ASCII commas, which come first, before the "-": the value starts with
 * a line break, and after "xn--" its basic characters are no word's. */
static void
test_punycode_basic_characters (void)
{
  static const char basic[] = "\n20236, , -wh3it832aela1r873a0bu27m3zhl7bgvtz7l5ncn4uvhig7a17yzqmn6jgby9ovv8eyk9cvh6"
                              "aymk5m2dbmxe3xtde80d84x6b";
  g_autofree char *after_prefix = g_strconcat ("内容:xn--", basic, NULL);
  const char *const values[] = { basic, after_prefix };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *csv = g_strdup_printf ("id,body\n1,\"%s\"\n", values[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "its text in Punycode"));
    }
}

/* HTML's numeric references without their ";" (&#25105&#26159), as
 * browsers read them. */
static void
test_references_without_semicolons (void)
{
  g_autoptr(GString) csv = g_string_new ("id,body\n1,");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;

  for (const char *p = bodies[2]; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_printf (csv, "&#%u", g_utf8_get_char (p));
  g_string_append_c (csv, '\n');
  set = pr_test_load_id_body_csv (csv->str, &error);
  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_assert_nonnull (strstr (error->message, "HTML character references"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bad-row-byte-escapes/refused", test_refused);
  g_test_add_func ("/engine/bad-row-byte-escapes/typed-read", test_typed_read);
  g_test_add_func ("/engine/bad-row-byte-escapes/base64-near-misses", test_base64_near_misses);
  g_test_add_func ("/engine/bad-row-byte-escapes/references-without-semicolons", test_references_without_semicolons);
  g_test_add_func ("/engine/bad-row-byte-escapes/token-near-misses", test_token_near_misses);
  g_test_add_func ("/engine/bad-row-byte-escapes/traditional-gbk-hex", test_traditional_gbk_hex);
  g_test_add_func ("/engine/bad-row-byte-escapes/punycode-line-break", test_punycode_line_break);
  g_test_add_func ("/engine/bad-row-byte-escapes/ascii-form-near-misses", test_ascii_form_near_misses);
  g_test_add_func ("/engine/bad-row-byte-escapes/punycode-basic-characters", test_punycode_basic_characters);

  return g_test_run ();
}
