from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.challenge_out_role import ChallengeOutRole
from ..models.challenge_out_status import ChallengeOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.challenge_answer_out import ChallengeAnswerOut
  from ..models.challenge_out_options import ChallengeOutOptions





T = TypeVar("T", bound="ChallengeOut")



@_attrs_define
class ChallengeOut:
    """ 
        Attributes:
            answers (list[ChallengeAnswerOut]):
            bots (list[str]):
            created (int): ms since the epoch.
            expires (int): ms since the epoch: answers end then.
            from_ (str): The challenger's key name.
            game (str):
            games (int):
            id (str):
            match_id (str): The match it makes, once accepted (`GET /api/v1/matches/{id}`).
            options (ChallengeOutOptions):
            role (ChallengeOutRole): The caller's part in it.
            status (ChallengeOutStatus): `created` while it waits for answers; `accepted` once every challenged key accepted
                (the match `match_id` exists then); `declined` (by a challenged key, or the match could not be made: `reason`)
                or `expired`: no match.
            to (list[str]): The names of the keys whose bots it seats.
            concurrency (int | Unset):
            move_seconds (int | Unset):
            reason (str | Unset): Why a challenge every key accepted was closed without a match: the reason the match was
                refused (e.g. `retired_bot`).
     """

    answers: list[ChallengeAnswerOut]
    bots: list[str]
    created: int
    expires: int
    from_: str
    game: str
    games: int
    id: str
    match_id: str
    options: ChallengeOutOptions
    role: ChallengeOutRole
    status: ChallengeOutStatus
    to: list[str]
    concurrency: int | Unset = UNSET
    move_seconds: int | Unset = UNSET
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_answer_out import ChallengeAnswerOut # noqa: PLC0415
        from ..models.challenge_out_options import ChallengeOutOptions # noqa: PLC0415
        answers = []
        for answers_item_data in self.answers:
            answers_item = answers_item_data.to_dict()
            answers.append(answers_item)



        bots = self.bots



        created = self.created

        expires = self.expires

        from_ = self.from_

        game = self.game

        games = self.games

        id = self.id

        match_id = self.match_id

        options = self.options.to_dict()

        role = self.role.value

        status = self.status.value

        to = self.to



        concurrency = self.concurrency

        move_seconds = self.move_seconds

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answers": answers,
            "bots": bots,
            "created": created,
            "expires": expires,
            "from": from_,
            "game": game,
            "games": games,
            "id": id,
            "match_id": match_id,
            "options": options,
            "role": role,
            "status": status,
            "to": to,
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_answer_out import ChallengeAnswerOut # noqa: PLC0415
        from ..models.challenge_out_options import ChallengeOutOptions # noqa: PLC0415
        d = dict(src_dict)
        answers = []
        _answers = d.pop("answers")
        for answers_item_data in (_answers):
            answers_item = ChallengeAnswerOut.from_dict(answers_item_data)



            answers.append(answers_item)


        bots = cast(list[str], d.pop("bots"))


        created = d.pop("created")

        expires = d.pop("expires")

        from_ = d.pop("from")

        game = d.pop("game")

        games = d.pop("games")

        id = d.pop("id")

        match_id = d.pop("match_id")

        options = ChallengeOutOptions.from_dict(d.pop("options"))




        role = ChallengeOutRole(d.pop("role"))




        status = ChallengeOutStatus(d.pop("status"))




        to = cast(list[str], d.pop("to"))


        concurrency = d.pop("concurrency", UNSET)

        move_seconds = d.pop("move_seconds", UNSET)

        reason = d.pop("reason", UNSET)

        challenge_out = cls(
            answers=answers,
            bots=bots,
            created=created,
            expires=expires,
            from_=from_,
            game=game,
            games=games,
            id=id,
            match_id=match_id,
            options=options,
            role=role,
            status=status,
            to=to,
            concurrency=concurrency,
            move_seconds=move_seconds,
            reason=reason,
        )


        challenge_out.additional_properties = d
        return challenge_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
