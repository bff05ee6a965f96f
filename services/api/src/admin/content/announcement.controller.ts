import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { AnnouncementReads } from '../../reads/announcement.reads.js';
import { announcementCommand } from './content-commands.js';
import { AdminAnnouncementView, SavedAnnouncementView } from './content-response.js';

export class AnnouncementDto {
  @ApiProperty({ example: 'Free shipping over 1,499 EGP this week!' })
  @IsString({ message: 'Text is required' })
  @MaxLength(500, { message: 'Announcement must be at most 500 characters' })
  text!: string;

  /** Left out keeps the current Arabic text; '' removes it. */
  @ApiPropertyOptional({ example: 'شحن مجاني للطلبات فوق ١٬٤٩٩ ج.م. هذا الأسبوع!' })
  @IsOptional()
  @IsString({ message: 'textAr must be text' })
  @MaxLength(500, { message: 'textAr must be at most 500 characters' })
  textAr?: string;
}

@ApiTags('admin: announcement')
@AdminOnly('settings.manage')
@Controller('admin/announcement')
export class AdminAnnouncementController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly announcement: AnnouncementReads,
  ) {}

  @Get()
  @ReadsProjections('announcement')
  @ApiOkResponse({ type: AdminAnnouncementView })
  getAdminAnnouncement(): Promise<AdminAnnouncementView> {
    return this.announcement.forAdmin();
  }

  /** Both forms of the old admin: POST and PATCH with { text, textAr }, answering { text, textAr }. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: SavedAnnouncementView })
  saveAnnouncement(@Body() dto: AnnouncementDto): Promise<SavedAnnouncementView> {
    return this.change(dto);
  }

  @Patch()
  @ApiOkResponse({ type: SavedAnnouncementView })
  patchAnnouncement(@Body() dto: AnnouncementDto): Promise<SavedAnnouncementView> {
    return this.change(dto);
  }

  private async change({ text, textAr }: AnnouncementDto): Promise<SavedAnnouncementView> {
    const { state } = await this.commandBus.execute(announcementCommand({ type: 'ChangeAnnouncement', data: { text, textAr } }));
    return { text: state.text, textAr: state.textAr };
  }
}
