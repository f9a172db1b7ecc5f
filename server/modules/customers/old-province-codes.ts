/*
 * The provinces stored before ADR 49 under a code of the country-region-data package (4.1.0) that
 * finds nothing in Google's data, by country: the old code and today's code (ISO 3166-2 without the
 * country, else Google's key). storedProvince reads them, so those rows show, check out and are
 * saved again with today's code.
 *
 * Made once (2026-11-27) by comparing the two data sets by name, with country-region-data@4.1.0
 * installed outside the project (it is no dependency): for each old region whose code findProvince
 * does not find, the one Google province with the same name (or key), ignoring case, accents,
 * punctuation and the words that say what kind of place it is ("Co. Cork", "Beijing Shi", "Kinmen
 * County", "Acklins Island"); three names checked by hand (National Capital Region = Metro Manila,
 * Inner Mongolia = Neimenggu, Tibet = Xizang). Left out: old codes that find a province today (an
 * old code that is today another province's, Indonesia's SR, cannot be told from a row stored
 * since); Hong Kong's one old region "Hong Kong" (the territory, not Hong Kong Island); old regions
 * with no province of that name: Italy's regions, Spain's communities and the Philippines' regions
 * (found by their postal code), the Bahamas', Cape Verde's and the Cayman Islands' districts,
 * Ladakh, Ñuble and a few more. Not to be edited by hand: a newer Google data set calls for making
 * it again.
 */
export const OLD_PROVINCE_CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  BS: {
    "11": "IN",
    "13": "LI",
    "15": "MG",
    "16": "N.P.",
    "18": "RI",
    "22": "BY",
    "48": "SW",
    "01": "AK",
    "02": "BI",
    "03": "CI",
    "04": "EX",
    "09": "HI",
  },
  CN: {
    AH: "34",
    BJ: "11",
    CQ: "50",
    FJ: "35",
    GS: "62",
    GD: "44",
    GX: "45",
    GZ: "52",
    HI: "46",
    HE: "13",
    HL: "23",
    HA: "41",
    HK: "91",
    HB: "42",
    HN: "43",
    NM: "15",
    JS: "32",
    JX: "36",
    JL: "22",
    LN: "21",
    MO: "92",
    NX: "64",
    QH: "63",
    SN: "61",
    SD: "37",
    SH: "31",
    SX: "14",
    SC: "51",
    TJ: "12",
    XZ: "54",
    XJ: "65",
    YN: "53",
    ZJ: "33",
  },
  CV: { SN: "São Nicolau" },
  IE: { CO: "C" },
  PH: { "PH-00": "00" },
  TV: { VAU: "VAI" },
  TW: { KIN: "金門縣", LIE: "連江縣" },
};
