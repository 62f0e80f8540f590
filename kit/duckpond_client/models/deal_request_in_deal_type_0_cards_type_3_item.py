from enum import StrEnum

class DealRequestInDealType0CardsType3Item(StrEnum):
    AC = "AC"
    AD = "AD"
    AH = "AH"
    AS = "AS"
    JC = "JC"
    JD = "JD"
    JH = "JH"
    JS = "JS"
    KC = "KC"
    KD = "KD"
    KH = "KH"
    KS = "KS"
    QC = "QC"
    QD = "QD"
    QH = "QH"
    QS = "QS"
    TC = "TC"
    TD = "TD"
    TH = "TH"
    TS = "TS"
    VALUE_0 = "9C"
    VALUE_1 = "9D"
    VALUE_2 = "9H"
    VALUE_3 = "9S"

    def __str__(self) -> str:
        return str(self.value)
